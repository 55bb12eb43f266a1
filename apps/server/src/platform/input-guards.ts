import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '@selah/domain/error-codes';

/** A NUL character in any string of a value (PostgreSQL text cannot hold one). */
export function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => hasNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || hasNul(item, depth + 1));
}

/** How deep a JSON body may nest: no request of ours comes near it, and storing or logging a deeper one could overflow. */
export const MAX_BODY_DEPTH = 32;

/** Whether a value nests deeper than `limit` objects or arrays (stops looking at limit + 1). */
export function nestsDeeperThan(value: unknown, limit: number, depth = 0): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (depth >= limit) return true;
  const items = Array.isArray(value) ? value : Object.values(value);
  return items.some((item) => nestsDeeperThan(item, limit, depth + 1));
}

/** %00 (or a raw NUL) anywhere in a request's address. */
export const urlHasNul = (url: string): boolean => url.includes('%00') || url.includes('\u0000');

const nulRefusal = { error: { code: ERROR_CODES.validation, message: 'Text must not contain NUL characters.' } };

/**
 * Every request: a NUL in the address (query, path ids) or in a JSON body is refused with 400 before any route
 * sees it. The hooks are callbacks, not async functions: no promise on the feed's hot path.
 */
export function registerInputGuards(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    if (urlHasNul(url)) {
      reply.status(400).send(nulRefusal);
      return;
    }
    // HTTP/1.1 requires Host (the server lets such requests through so that this answer is JSON).
    if (request.headers.host === undefined && request.raw.httpVersion === '1.1') {
      reply.status(400).send({ error: { code: ERROR_CODES.validation, message: 'A Host header is required.' } });
      return;
    }
    done();
  });
  app.addHook('preValidation', (request, reply, done) => {
    const body = request.body;
    if (body !== null && typeof body === 'object' && nestsDeeperThan(body, MAX_BODY_DEPTH)) {
      reply
        .status(400)
        .send({ error: { code: ERROR_CODES.validation, message: `The body nests more than ${MAX_BODY_DEPTH} levels deep.` } });
      return;
    }
    if (body !== null && typeof body === 'object' && hasNul(body)) {
      reply.status(400).send(nulRefusal);
      return;
    }
    done();
  });
}
