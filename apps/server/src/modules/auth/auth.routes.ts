import { setTimeout } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@selah/domain/error-codes';
import { passwordProblem } from '@selah/domain/passwords';
import { MAX_DISPLAY_NAME_LENGTH } from '@selah/domain/profile';
import { authEndpoints } from '@selah/domain/contract/auth';
import type { AppConfig } from '../../platform/config';
import { route } from '../../platform/contract-routes';
import type { Clock } from '../../platform/clock';
import { isPlainName } from '@selah/domain/text';
import { hasNul, MAX_BODY_DEPTH, nestsDeeperThan, urlHasNul } from '../../platform/input-guards';
import type { Auth } from './auth';
import { isCommonPassword } from './common-passwords';
import type { SignInThrottle } from './sign-in-throttle';

/** Answers that carry the session's token: it goes in the body only to the native shell. */
const SESSION_PATHS = new Set(['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/auth/sign-in/social', '/api/auth/get-session']);
/**
 * How long a password-reset request takes at least, known address or not: well above the known address's extra
 * work (a token stored) even on a loaded database, and nothing a person waiting for an email notices.
 */
const RESET_ANSWER_FLOOR_MS = 400;
/** Headers in which a client may claim an address: dropped, and X-Forwarded-For set to the address Fastify trusts. */
const CLIENT_ADDRESS_HEADERS = new Set([
  'x-forwarded-for',
  'x-real-ip',
  'x-client-ip',
  'forwarded',
  'cf-connecting-ip',
  'true-client-ip',
  'fastly-client-ip',
  'x-cluster-client-ip',
]);
/** Where a new password is chosen, and the body field holding it. */
const NEW_PASSWORD_FIELD: Record<string, string> = {
  '/api/auth/sign-up/email': 'password',
  '/api/auth/reset-password': 'newPassword',
  '/api/auth/change-password': 'newPassword',
  '/api/auth/set-password': 'newPassword',
};

type Refusal = { status: number; code: string; message: string; headers?: Record<string, string> };

/** Our refusals look like better-auth's own (top-level code and message, which its client reads) and ours. */
const refuse = (reply: FastifyReply, refusal: Refusal) =>
  reply
    .status(refusal.status)
    .headers(refusal.headers ?? {})
    .send({ code: refusal.code, message: refusal.message, error: { code: refusal.code, message: refusal.message } });

/** The origin this request was sent to (scheme from the connection or a trusted proxy, host from Host). */
export function ownOrigin(request: FastifyRequest, fallback: string): string {
  try {
    const origin = new URL(`${request.protocol}://${request.host}`);
    return origin.host === request.host ? origin.origin : fallback;
  } catch {
    return fallback;
  }
}

/**
 * Mounts better-auth's handler under /api/auth/*. Bodies are passed through untouched (JSON from the
 * web app, form posts from Apple's callback); failures keep better-auth's fields for its client and
 * gain our { error: { code, message } } shape. Around it: input checks (NUL characters, the name, the
 * password rules), the per-account sign-in wait, the session token kept out of web bodies, and cookies
 * marked Secure exactly when the request came over https.
 */
export async function authRoutes(
  app: FastifyInstance,
  options: { auth: Auth; config: AppConfig; throttle: SignInThrottle; clock: Clock },
): Promise<void> {
  const { auth, config, throttle, clock } = options;
  const nativeOrigins = new Set(config.nativeOrigins);
  const signUps = accountsPerAddress(config.signUpRateLimitMax);

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));

  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '';
    // Only the endpoints the apps use, at their one spelling: better-auth's router also answers /./, %2e, \\
    // and other spellings of a path, which would pass by every check below.
    if (!isExposed(request.method, pathname)) return refuse(reply, { status: 404, code: ERROR_CODES.notFound, message: 'Not found' });
    const raw = typeof request.body === 'string' && request.body.length > 0 ? request.body : undefined;
    const isCallback = pathname.startsWith('/api/auth/callback/');
    // A JSON object (media type application/json, in any letter case), except the providers' own form posts to
    // the callbacks. What is checked is what better-auth gets: the parsed object, written out again, so no byte
    // (a byte-order mark, a second parse of another media type) reaches it unchecked.
    let json: Record<string, unknown> | undefined;
    let body = raw;
    if (raw !== undefined && !isCallback) {
      if (mediaType(request.headers['content-type']) !== 'application/json') {
        return refuse(reply, { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send JSON (Content-Type: application/json).' });
      }
      json = parseJsonObject(raw);
      if (!json) return refuse(reply, { status: 400, code: ERROR_CODES.validation, message: 'Invalid body: expected a JSON object' });
      // The app's own routes refuse the same (input-guards.ts); writing it out again would overflow the stack.
      if (nestsDeeperThan(json, MAX_BODY_DEPTH)) {
        return refuse(reply, {
          status: 400,
          code: ERROR_CODES.validation,
          message: `The body nests more than ${MAX_BODY_DEPTH} levels deep.`,
        });
      }
      body = JSON.stringify(json);
    }
    const problem = checkInput(pathname, request.url, raw, json);
    if (problem) return refuse(reply, problem);

    const isSignUp = pathname === '/api/auth/sign-up/email';
    // A place is taken before the account is made (and given back if it is not), so parallel sign-ups count too.
    const signUpPlace = isSignUp ? signUps.reserve(request.ip, clock.now().getTime()) : undefined;
    if (signUpPlace === null) {
      return refuse(reply, {
        status: 429,
        code: ERROR_CODES.rateLimited,
        message: 'Too many accounts were created from this address. Please try again later.',
        headers: { 'retry-after': '3600' },
      });
    }
    const email = pathname === '/api/auth/sign-in/email' && typeof json?.email === 'string' ? json.email : undefined;
    if (email) {
      const attempt = await throttle.begin(email, clock.now());
      if (!attempt.allowed) {
        return refuse(reply, {
          status: 429,
          code: ERROR_CODES.tooManyAttempts,
          message: 'Too many sign-in attempts. Please wait a few minutes and try again.',
          headers: { 'retry-after': String(attempt.retryAfterSeconds) },
        });
      }
    }

    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined || name === 'content-length' || CLIENT_ADDRESS_HEADERS.has(name)) continue;
      headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    // The client's address as Fastify read it (X-Forwarded-For only from the proxies TRUST_PROXY names): what
    // better-auth stores with a session, never what a client says of itself.
    headers.set('x-forwarded-for', request.ip);
    if (json) headers.set('content-type', 'application/json');
    // The request's own address: a same-origin request (Origin equal to it) is trusted (auth.ts).
    const url = new URL(request.url, ownOrigin(request, config.publicUrl));
    let response: Response;
    const started = performance.now();
    try {
      response = await auth.handler(new Request(url, { method: request.method, headers, body }));
      // A reset request for a known address does more (a token stored; its mail is sent after the answer):
      // every answer waits for the same floor, so its timing does not tell who has an account.
      if (pathname === '/api/auth/request-password-reset') {
        await setTimeout(Math.max(0, RESET_ANSWER_FLOOR_MS - (performance.now() - started)));
      }
    } catch (error) {
      if (signUpPlace) signUps.release(signUpPlace);
      throw error;
    }
    if (email && response.ok) await throttle.succeeded(email);
    if (signUpPlace && !response.ok) signUps.release(signUpPlace);

    const origin = request.headers.origin;
    const isNative = typeof origin === 'string' && nativeOrigins.has(origin);
    const secure = request.protocol === 'https';
    reply.status(response.status);
    for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', withSecureFlag(cookie, secure));
    response.headers.forEach((value, name) => {
      if (name === 'set-cookie' || name === 'content-length') return;
      // The bearer plugin's header hands out the session token: the native shell's only.
      if (name === 'set-auth-token' && !isNative) return;
      reply.header(name, value);
    });
    const text = await response.text();
    const isJsonAnswer = (response.headers.get('content-type') ?? '').includes('json');
    if (response.status >= 400) {
      if (response.status === 403 && text.includes('ORIGIN')) {
        request.log.warn(
          { origin, host: request.host, publicUrl: config.publicUrl },
          `auth: refused a request from origin ${String(origin)}; if people open Selah there, add it to TRUSTED_ORIGINS (or set PUBLIC_URL to it)`,
        );
      }
      if (response.status >= 500) request.log.error({ status: response.status, body: text.slice(0, 500) }, 'auth: handler failed');
      return reply.type('application/json; charset=utf-8').send(withErrorShape(isJsonAnswer ? text : '', response.status));
    }
    if (isJsonAnswer && SESSION_PATHS.has(pathname) && !isNative) return reply.send(withoutToken(text));
    return reply.send(text.length > 0 ? text : null);
  };

  // Session reads are frequent and cheap; everything that writes is rate limited per client address.
  // One count per client address across every path that writes (a route's own limit would count per path).
  const writes = { onRequest: app.rateLimit({ max: config.authRateLimitMax, timeWindow: '1 minute' }) };
  for (const key of Object.keys(authEndpoints) as (keyof typeof authEndpoints)[]) {
    route(app, key, forward, { documentOnly: true, ...(key.startsWith('POST ') ? writes : {}) });
  }
  // Every other path (and spelling) under /api/auth: answered 404 by forward.
  app.get('/api/auth/*', { schema: { hide: true } }, forward);
  app.post('/api/auth/*', { schema: { hide: true }, ...writes }, forward);
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * Accounts created per client address in the last hour (SIGN_UP_RATE_LIMIT_MAX), per process. Only accounts
 * that were made count: a person whose password was refused a few times is not locked out for an hour. A
 * sign-up takes its place before the account is made, so a burst of parallel sign-ups is counted too.
 */
function accountsPerAddress(max: number) {
  interface Place {
    address: string;
    at: number;
  }
  const created = new Map<string, Place[]>();
  const recent = (address: string, now: number) => (created.get(address) ?? []).filter((place) => now - place.at < HOUR_MS);
  return {
    /** A place for one more account from this address, or null when the hour's are taken. */
    reserve(address: string, now: number): Place | null {
      const places = recent(address, now);
      if (places.length >= max) return null;
      if (created.size > 10_000) {
        for (const [key, list] of created) if (list.every((place) => now - place.at >= HOUR_MS)) created.delete(key);
      }
      const place = { address, at: now };
      created.set(address, [...places, place]);
      return place;
    },
    /** No account was made: the place is free again. */
    release(place: Place): void {
      const list = created.get(place.address);
      if (list)
        created.set(
          place.address,
          list.filter((candidate) => candidate !== place),
        );
    },
  };
}

/** The media type of a Content-Type header, lower-cased, without its parameters. */
const mediaType = (contentType: string | undefined): string => (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase();

/**
 * better-auth's endpoints that the web app and the native shell call; the rest (update-user, change-password,
 * delete-user, list-sessions...) are not served over HTTP: the profile routes own those changes, with our rules.
 */
const EXPOSED: Record<string, RegExp> = {
  GET: /^\/api\/auth\/(get-session|ok|error|reset-password\/[A-Za-z0-9_-]{1,200}|callback\/(google|apple))$/,
  POST: /^\/api\/auth\/(sign-in\/email|sign-in\/social|sign-up\/email|sign-out|request-password-reset|reset-password|link-social|callback\/(google|apple))$/,
};

const isExposed = (method: string, pathname: string): boolean => EXPOSED[method]?.test(pathname) ?? false;

function parseJsonObject(raw: string | undefined): Record<string, unknown> | undefined {
  if (!raw) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const validation = (message: string, code: string = ERROR_CODES.validation): Refusal => ({ status: 400, code, message });

function checkInput(pathname: string, url: string, raw: string | undefined, json: Record<string, unknown> | undefined): Refusal | null {
  // A JSON body's escaped NULs show once parsed; a provider's form post has them as %00.
  const rawHasNul = raw !== undefined && (raw.includes('\u0000') || (json === undefined && raw.includes('%00')));
  if (urlHasNul(url) || rawHasNul || (json !== undefined && hasNul(json))) {
    return validation('Text must not contain NUL characters.');
  }
  if (!json) return null;
  if (pathname === '/api/auth/sign-up/email' && json.name !== undefined) {
    if (typeof json.name !== 'string') return validation('Invalid body/name: expected a string');
    if ([...json.name].length > MAX_DISPLAY_NAME_LENGTH)
      return validation(`Invalid body/name: at most ${MAX_DISPLAY_NAME_LENGTH} characters`);
    if (!isPlainName(json.name)) return validation('Invalid body/name: control characters and line breaks are not allowed');
  }
  const field = NEW_PASSWORD_FIELD[pathname];
  const password = field ? json[field] : undefined;
  if (typeof password === 'string') {
    const email = typeof json.email === 'string' ? json.email : undefined;
    const broken = passwordProblem(password, email);
    if (broken === 'too_short') return validation('Please choose a password of at least 8 characters.', ERROR_CODES.passwordTooShort);
    if (broken === 'equals_email')
      return validation('Please choose a password other than your email address.', ERROR_CODES.passwordEqualsEmail);
    if (isCommonPassword(password)) {
      return validation('This password is among the most common ones. Please choose another.', ERROR_CODES.passwordTooCommon);
    }
  }
  return null;
}

/** Secure exactly when this request came over https: the same server works at http://192.168.x.y and behind TLS. */
function withSecureFlag(cookie: string, secure: boolean): string {
  const withoutFlag = cookie.replace(/;\s*secure(?=;|$)/gi, '');
  return secure ? `${withoutFlag}; Secure` : withoutFlag;
}

/** The body without the session token: at its top (sign-in, sign-up) or in its session (get-session). */
function withoutToken(text: string): string {
  try {
    const body = JSON.parse(text) as Record<string, unknown> | null;
    if (!body || typeof body !== 'object') return text;
    const { token: _token, ...rest } = body;
    const session = rest.session;
    if (session && typeof session === 'object' && 'token' in session) {
      const { token: _sessionToken, ...sessionRest } = session as Record<string, unknown>;
      rest.session = sessionRest;
    }
    return JSON.stringify(rest);
  } catch {
    return text;
  }
}

function withErrorShape(text: string, status: number): string {
  const fallback = status >= 500 ? 'Something went wrong. Please try again later.' : 'Authentication failed';
  try {
    const body = JSON.parse(text) as { code?: unknown; message?: unknown };
    if (!body || typeof body !== 'object') throw new Error('not an object');
    return JSON.stringify({
      ...body,
      error: {
        code: typeof body.code === 'string' && body.code ? body.code : status >= 500 ? ERROR_CODES.internal : `HTTP_${status}`,
        message: typeof body.message === 'string' && body.message ? body.message : fallback,
      },
    });
  } catch {
    return JSON.stringify({ error: { code: status >= 500 ? ERROR_CODES.internal : `HTTP_${status}`, message: fallback } });
  }
}
