import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../platform/errors';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  /** The session this request was signed in with, and when it ends (ms): what a long-lived stream watches. */
  session?: { id: string; expiresAt: number };
}

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser: SessionUser | null;
  }
}

function toHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

/** For routes that need a signed-in user: answers 401 otherwise. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw unauthorized();
  return request.sessionUser;
}

export { toHeaders };
