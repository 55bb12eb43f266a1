import type { OutgoingHttpHeaders } from 'node:http';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { LiveEvent } from '@selah/domain/records';
import { route } from '../../platform/contract-routes';
import type { Metrics } from '../../platform/metrics';
import { requireUser } from '../auth/session';
import type { LiveBus, LiveChange } from './live-bus';

/** Comment lines keep proxies from closing a quiet stream. */
const PING_INTERVAL_MS = 25_000;

/**
 * GET /api/events: one Server-Sent Events stream per signed-in client with the user's record changes
 * (the spec's live listeners). Each change is loaded fresh, so a client always sees the latest state.
 */
/** Who has the app open, for notifications that only a person away from it should get. */
export interface Presence {
  open(userId: string): Promise<void>;
  close(userId: string): Promise<void>;
  /** Keeps the open streams' people present (called with the keep-alive). */
  refresh(userIds: string[]): Promise<void>;
}

export async function liveRoutes(
  app: FastifyInstance,
  {
    bus,
    loadEvent,
    presence,
    metrics,
  }: { bus: LiveBus; loadEvent: (change: LiveChange) => Promise<LiveEvent | undefined>; presence?: Presence; metrics?: Metrics },
): Promise<void> {
  const open = new Map<ServerResponse, string>();
  // One load per change in this process, shared by all the streams of its person (a person may have the app open
  // on many devices and tabs); kept two seconds for streams that catch up a moment later.
  const loading = new Map<number, Promise<LiveEvent | undefined>>();
  const load = (change: LiveChange): Promise<LiveEvent | undefined> => {
    if (change.seq === undefined) return loadEvent(change);
    const seq = change.seq;
    let event = loading.get(seq);
    if (!event) {
      event = loadEvent(change);
      loading.set(seq, event);
      const forget = () => void setTimeout(() => loading.delete(seq), 2000).unref();
      event.then(forget, forget);
    }
    return event;
  };
  metrics?.observe({ eventStreams: () => open.size });
  const quietly = (what: string) => (error: unknown) => app.log.warn({ err: error }, `live presence: ${what} failed`);
  // One refresh for every stream of this process, with the keep-alive.
  const refresher = presence
    ? setInterval(() => void presence.refresh([...new Set(open.values())]).catch(quietly('refresh')), PING_INTERVAL_MS)
    : undefined;
  refresher?.unref();
  app.addHook('preClose', async () => {
    clearInterval(refresher);
    for (const stream of open.keys()) stream.end();
  });

  route(app, 'GET /api/events', async (request, reply) => {
    const user = requireUser(request);
    // The browser reconnecting says which event it saw last (Last-Event-ID): it gets what changed since. A new
    // stream starts from the newest change so far; what changes between that reading and the subscription below
    // is caught up at once.
    const lastEventId = request.headers['last-event-id'];
    const resumeFrom = typeof lastEventId === 'string' && /^\d{1,15}$/.test(lastEventId) ? Number(lastEventId) : null;
    const startAfter = resumeFrom ?? (await bus.latestSeq(user.id).catch(() => 0));
    reply.hijack();
    const stream = reply.raw;
    // The headers set so far (security headers, and CORS for the native shell's origins) go out with the stream.
    stream.writeHead(200, {
      ...(reply.getHeaders() as OutgoingHttpHeaders),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    stream.write('retry: 3000\n: connected\n\n');
    open.set(stream, user.id);
    void presence?.open(user.id).catch(quietly('open'));

    // Changes are written in order, one at a time, each with its number as the event's id. A change whose number
    // was sent already (a catch-up and a notification of the same change) is not sent twice.
    let lastSent = startAfter;
    let chain = Promise.resolve();
    const send = (change: LiveChange) => {
      chain = chain.then(async () => {
        if (change.seq !== undefined && change.seq <= lastSent) return;
        try {
          const event = await load(change);
          if (event && !stream.writableEnded) {
            const id = change.seq === undefined ? '' : `id: ${change.seq}\n`;
            stream.write(`event: ${event.type}\n${id}data: ${JSON.stringify(event)}\n\n`);
          }
          if (change.seq !== undefined) lastSent = Math.max(lastSent, change.seq);
        } catch (error) {
          request.log.warn({ err: error, change }, 'could not send a live event');
        }
      });
    };
    /** Sends the current state of everything of this user that changed after the last event sent. */
    const catchUp = () => {
      chain = chain.then(async () => {
        const since = lastSent;
        for (const change of await bus.changesSince(user.id, since).catch(() => [])) send(change);
      });
    };
    const unsubscribe = bus.subscribe(user.id, send);
    catchUp();
    const stopCatchingUp = bus.onReconnect(catchUp);
    const ping = setInterval(() => stream.write(': ping\n\n'), PING_INTERVAL_MS);
    let cleaned = false;
    const cleanUp = () => {
      if (cleaned) return;
      cleaned = true;
      clearInterval(ping);
      unsubscribe();
      stopCatchingUp();
      open.delete(stream);
      void presence?.close(user.id).catch(quietly('close'));
    };
    request.raw.once('close', cleanUp);
    stream.once('close', cleanUp);
  });
}
