import type { OutgoingHttpHeaders } from 'node:http';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { STREAM_REPLACED_EVENT } from '@selah/domain/live';
import type { LiveEvent } from '@selah/domain/records';
import { route } from '../../platform/contract-routes';
import type { Metrics } from '../../platform/metrics';
import { requireUser } from '../auth/session';
import type { LiveBus, LiveChange } from './live-bus';

/** Comment lines keep proxies from closing a quiet stream. */
const PING_INTERVAL_MS = 25_000;
/** The longest a timer waits (setTimeout's limit is about 24.8 days): a later session end is looked at again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The sessions streams are opened with: a stream ends at once when its session ends (sign-out, password change or
 * reset, account deletion, expiry), on every process.
 */
export interface StreamSessions {
  /** Calls back when a session, a user's sessions, or (neither) any session may have changed. */
  watch(watcher: (notice: { sessionId?: string; userId?: string }) => void): () => void;
  /** When the session ends (ms), or null when it has ended or no longer exists. */
  endsAt(sessionId: string): Promise<number | null>;
}

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
    sessions,
    maxStreamsPerPerson = 10,
  }: {
    bus: LiveBus;
    loadEvent: (change: LiveChange) => Promise<LiveEvent | undefined>;
    presence?: Presence;
    metrics?: Metrics;
    sessions: StreamSessions;
    /** A person's open streams on this process; past it the oldest is closed (a tab or device long gone, usually). */
    maxStreamsPerPerson?: number;
  },
): Promise<void> {
  /** The open streams, in the order they were opened: whose, their session, and how to look at it again. */
  const open = new Map<ServerResponse, { userId: string; sessionId: string; check: () => void; replaced: () => void }>();
  const stopWatching = sessions.watch(({ sessionId, userId }) => {
    for (const stream of open.values()) {
      if ((sessionId === undefined && userId === undefined) || stream.sessionId === sessionId || stream.userId === userId) stream.check();
    }
  });
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
    ? setInterval(
        () => void presence.refresh([...new Set([...open.values()].map((stream) => stream.userId))]).catch(quietly('refresh')),
        PING_INTERVAL_MS,
      )
    : undefined;
  refresher?.unref();
  app.addHook('preClose', async () => {
    clearInterval(refresher);
    stopWatching();
    for (const stream of open.keys()) stream.end();
  });

  route(app, 'GET /api/events', async (request, reply) => {
    const user = requireUser(request);
    const session = user.session;
    if (!session) throw new Error('a signed-in request without its session');
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
    let expiry: ReturnType<typeof setTimeout> | undefined;
    const cleanUp = () => {
      if (cleaned) return;
      cleaned = true;
      clearInterval(ping);
      clearTimeout(expiry);
      unsubscribe();
      stopCatchingUp();
      open.delete(stream);
      void presence?.close(user.id).catch(quietly('close'));
    };
    /** Ends the stream (what was queued to be written is dropped): the browser's reconnection is refused if signed out. */
    const end = () => {
      cleanUp();
      stream.end();
    };
    /** Ends the stream when its session has ended; otherwise waits for the session's end, which may have moved. */
    const check = () => {
      if (cleaned) return;
      sessions.endsAt(session.id).then(
        (endsAt) => {
          if (cleaned) return;
          clearTimeout(expiry);
          if (endsAt === null || endsAt <= Date.now()) return end();
          expiry = setTimeout(check, Math.min(endsAt - Date.now() + 50, MAX_TIMER_MS));
          expiry.unref();
        },
        // The database did not answer: look again soon rather than keep a stream that may have no session.
        (error: unknown) => {
          request.log.warn({ err: error }, 'live: could not check a stream’s session');
          if (cleaned) return;
          clearTimeout(expiry);
          expiry = setTimeout(check, 5000);
          expiry.unref();
        },
      );
    };
    /** Closed for a newer stream of this person: told first, so the page does not reconnect (and close another). */
    const replaced = () => {
      if (!stream.writableEnded) stream.write(`event: ${STREAM_REPLACED_EVENT}\ndata: {}\n\n`);
      end();
    };
    open.set(stream, { userId: user.id, sessionId: session.id, check, replaced });
    // The oldest streams of this person beyond the cap are closed.
    const mine = [...open.values()].filter((other) => other.userId === user.id);
    for (const oldest of mine.slice(0, Math.max(0, mine.length - maxStreamsPerPerson))) oldest.replaced();
    request.raw.once('close', cleanUp);
    stream.once('close', cleanUp);
    // Gone while the stream was being set up (its close came before the listeners): nothing to keep.
    if (request.raw.destroyed || stream.destroyed) {
      cleanUp();
      return;
    }
    // A session that ended between the request's check and now; then its end is waited for.
    check();
  });
}
