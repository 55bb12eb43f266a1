import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { LiveEvent } from '@selah/domain/records';
import { route } from '../../platform/contract-routes';
import { requireUser } from '../auth/session';
import type { LiveBus, LiveChange } from './live-bus';

/** Comment lines keep proxies from closing a quiet stream. */
const PING_INTERVAL_MS = 25_000;

/**
 * GET /api/events: one Server-Sent Events stream per signed-in client with the user's record changes
 * (the spec's live listeners). Each change is loaded fresh, so a client always sees the latest state.
 */
export async function liveRoutes(
  app: FastifyInstance,
  { bus, loadEvent }: { bus: LiveBus; loadEvent: (change: LiveChange) => Promise<LiveEvent | undefined> },
): Promise<void> {
  const open = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const stream of open) stream.end();
  });

  route(app, 'GET /api/events', async (request, reply) => {
    const user = requireUser(request);
    reply.hijack();
    const stream = reply.raw;
    stream.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    stream.write('retry: 3000\n: connected\n\n');
    open.add(stream);

    // Changes are written in order, one at a time.
    let chain = Promise.resolve();
    const unsubscribe = bus.subscribe(user.id, (change) => {
      chain = chain.then(async () => {
        try {
          const event = await loadEvent(change);
          if (event && !stream.writableEnded) stream.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
        } catch (error) {
          request.log.warn({ err: error, change }, 'could not send a live event');
        }
      });
    });
    const ping = setInterval(() => stream.write(': ping\n\n'), PING_INTERVAL_MS);
    const cleanUp = () => {
      clearInterval(ping);
      unsubscribe();
      open.delete(stream);
    };
    request.raw.once('close', cleanUp);
    stream.once('close', cleanUp);
  });
}
