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

/**
 * The native shell's web view runs at capacitor://localhost (iOS) or https://localhost (Android) and talks to
 * PUBLIC_URL across origins, signed in with a bearer token (cookies do not cross). CORS answers exactly its
 * origins (NATIVE_ORIGINS), for the API, the audio and the translations; no cookie travels (credentials off).
 *
 * A browser page elsewhere gets no CORS answer, so it could never read a response; its preflights and its
 * requests carrying a bearer token are also refused outright (403), so nothing it sends is acted upon. A request
 * without an Origin header (curl, the server's own pages' same-origin GETs) is not a cross-origin request.
 */
export async function registerNativeOrigins(app: FastifyInstance, config: AppConfig): Promise<void> {
  const native = new Set(config.nativeOrigins);
  const trusted = new Set([...config.trustedOrigins, ...config.nativeOrigins]);

  app.addHook('onRequest', (request, reply, done) => {
    const origin = request.headers.origin;
    if (typeof origin !== 'string' || trusted.has(origin) || origin === ownOrigin(request)) return done();
    const preflight = request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;
    if (!preflight && request.headers.authorization === undefined) return done();
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
