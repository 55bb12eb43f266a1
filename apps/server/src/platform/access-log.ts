import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Level, Logger } from 'pino';

/** A request slower than this is logged at info whatever it was. */
const SLOW_REQUEST_MS = 1000;

/**
 * One line per request, at debug for fast successful reads and at info for everything else (writes, errors,
 * slow requests). Fastify's default writes two info lines per request, which cost a cached read (the
 * dashboard feed) more than answering it; a reverse proxy in front keeps the full access log.
 */
export class AccessLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (isEnabled(request.log, 'debug')) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const level: Level = error ? 'error' : isQuiet(request, reply) ? 'debug' : 'info';
    if (!isEnabled(reply.log, level)) return;
    const line = { res: reply, method: request.method, url: request.url, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log[level](line, 'request completed');
  }
}

const isQuiet = (request: FastifyRequest, reply: FastifyReply): boolean =>
  (request.method === 'GET' || request.method === 'HEAD') && reply.statusCode < 400 && reply.elapsedTime < SLOW_REQUEST_MS;

/** pino's level check (a logger handed in from elsewhere may lack it: then the line is written and filtered there). */
const isEnabled = (logger: FastifyBaseLogger, level: Level): boolean => {
  const { isLevelEnabled } = logger as Partial<Pick<Logger, 'isLevelEnabled'>>;
  return typeof isLevelEnabled === 'function' ? isLevelEnabled.call(logger, level) : true;
};
