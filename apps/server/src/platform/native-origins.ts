import cors from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from './config';

/** Headers the native shell sends across origins: its bearer session, JSON, the UI language, a byte range. */
const ALLOWED_HEADERS = ['authorization', 'content-type', 'accept', 'x-selah-language', 'range', 'last-event-id'];
/** Headers it may read: the session token a sign-in hands out, audio ranges, the wait after a refusal. */
const EXPOSED_HEADERS = ['set-auth-token', 'content-range', 'accept-ranges', 'content-length', 'retry-after'];

/** The origin a request was sent to (scheme from the connection or a trusted proxy, host from Host). */
function ownOrigin(request: FastifyRequest): string | null {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return null;
  }
}

/** Methods that change something: a cookie-carrying one must come from a page we trust (issue 34). */
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The origin a write says it comes from: its Origin header, or without one its Referer's origin; null when neither. */
function claimedOrigin(request: FastifyRequest): string | null {
  const { origin, referer } = request.headers;
  if (typeof origin === 'string') return origin;
  if (typeof referer !== 'string') return null;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

/**
 * The native shell's web view runs at capacitor://localhost (iOS) or https://localhost (Android) and talks to
 * PUBLIC_URL across origins, signed in with a bearer token (cookies do not cross). CORS answers exactly its
 * origins (NATIVE_ORIGINS), for the API, the audio and the translations; no cookie travels (credentials off).
 *
 * A browser page elsewhere gets no CORS answer, so it could never read a response; its preflights and its
 * requests carrying a bearer token or writing with the session cookie are also refused outright (403), so nothing
 * it sends is acted upon. A request without an Origin header (curl, the server's own pages' same-origin GETs) is
 * not a cross-origin request.
 */
export async function registerNativeOrigins(app: FastifyInstance, config: AppConfig): Promise<void> {
  const native = new Set(config.nativeOrigins);
  const trusted = new Set([...config.trustedOrigins, ...config.nativeOrigins]);

  app.addHook('onRequest', (request, reply, done) => {
    // A write carrying the session cookie (better-auth checks its own routes): the browser always says where it
    // comes from (Origin, or a Referer), so a form or fetch on another site cannot act with the person's session.
    // A request that says nothing (curl, a server) is not a browser's cross-site request.
    const cookieWrite =
      WRITES.has(request.method) &&
      typeof request.headers.cookie === 'string' &&
      request.headers.cookie.includes('session_token') &&
      !request.url.startsWith('/api/auth/');
    const origin = cookieWrite ? claimedOrigin(request) : request.headers.origin;
    if (typeof origin !== 'string' || trusted.has(origin) || origin === ownOrigin(request)) return done();
    const preflight = request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;
    if (!preflight && !cookieWrite && request.headers.authorization === undefined) return done();
    void reply.status(403).send({
      error: { code: 'ORIGIN_NOT_ALLOWED', message: `Requests from ${origin.slice(0, 200)} are not allowed.` },
    });
  });

  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && native.has(origin)),
    credentials: false,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ALLOWED_HEADERS,
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: 600,
    strictPreflight: true,
  });
}
