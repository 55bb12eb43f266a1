import { importPKCS8, SignJWT } from 'jose';
import type { PushPayload } from '@selah/domain/push';
import type { PushConfig } from '../../platform/config';
import type { SendOptions, SendResult } from './web-push-sender';

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
/** Google signs access tokens for an hour; the assertion may not ask for more. */
const ASSERTION_SECONDS = 3600;
/** A cached access token is replaced this long before it expires. */
const REFRESH_MARGIN_MS = 60_000;
/** FCM keeps a message at most four weeks (AndroidConfig.ttl); a longer TTL is refused with 400. */
const MAX_TTL_SECONDS = 28 * 24 * 3600;
/** How much of an error body is kept in the result's error. */
const ERROR_TEXT_LIMIT = 300;

/** Why no access token came: the token endpoint's answer, or the network. */
class TokenError extends Error {}

interface CachedToken {
  token: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

/** Google's error envelope (google.rpc.Status), as FCM answers it. */
interface GoogleError {
  error?: {
    code?: number;
    message?: string;
    status?: string;
    details?: Array<{ '@type'?: string; errorCode?: string; fieldViolations?: Array<{ field?: string; description?: string }> }>;
  };
}

const reason = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error);
  // fetch() says only "fetch failed"; the reason (ECONNREFUSED, a reset) is its cause.
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
};

const clip = (text: string): string => (text.length > ERROR_TEXT_LIMIT ? `${text.slice(0, ERROR_TEXT_LIMIT)}…` : text);

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/**
 * A 400 that says the registration token itself is bad: FCM's UNREGISTERED, or INVALID_ARGUMENT about the token
 * ("The registration token is not a valid FCM registration token", or a field violation on message.token). Other
 * INVALID_ARGUMENTs (a payload too big, a bad data key) are this server's fault, not the token's.
 */
function tokenIsInvalid(body: GoogleError | undefined): boolean {
  const error = body?.error;
  if (!error) return false;
  const details = error.details ?? [];
  const fcmCodes = details.filter((d) => d['@type']?.endsWith('google.firebase.fcm.v1.FcmError')).map((d) => d.errorCode);
  if (fcmCodes.includes('UNREGISTERED')) return true;
  const aboutToken =
    /registration token/i.test(error.message ?? '') ||
    details.some((d) => d.fieldViolations?.some((violation) => violation.field === 'message.token'));
  return aboutToken && (fcmCodes.includes('INVALID_ARGUMENT') || error.status === 'INVALID_ARGUMENT');
}

/** FCM's message for one device, built from the payload and the Web Push-style options. */
function fcmMessage(token: string, payload: PushPayload, options: SendOptions, nowMs: number) {
  const ttl = Math.min(Math.max(Math.floor(options.ttlSeconds), 0), MAX_TTL_SECONDS);
  const high = options.urgency === 'high';
  return {
    message: {
      token,
      notification: { title: payload.title, body: payload.body },
      data: { url: payload.url, tag: payload.tag },
      android: {
        ttl: `${ttl}s`,
        priority: high ? 'HIGH' : 'NORMAL',
        ...(options.topic ? { collapse_key: options.topic } : {}),
        notification: { tag: payload.tag },
      },
      apns: {
        headers: {
          'apns-expiration': String(Math.floor(nowMs / 1000) + ttl),
          'apns-priority': high ? '10' : '5',
          ...(options.topic ? { 'apns-collapse-id': options.topic } : {}),
        },
        payload: { aps: { 'thread-id': payload.tag } },
      },
    },
  };
}

/**
 * Native push tokens (Android, and iOS through FCM's APNs bridge) over the FCM HTTP v1 API. The service account
 * signs a JWT (RS256) that Google's token endpoint trades for an hour's access token (RFC 7523); the token is kept
 * until a minute before it expires, and sends that need one at the same time wait on the same request.
 */
export function createFcmSender(fcm: NonNullable<PushConfig['fcm']>, options: { timeoutMs?: number; now?: () => Date } = {}) {
  const { account, apiUrl } = fcm;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const now = options.now ?? (() => new Date());
  const sendUrl = `${apiUrl}/v1/projects/${encodeURIComponent(account.projectId)}/messages:send`;

  let signingKey: ReturnType<typeof importPKCS8> | undefined;
  let cached: CachedToken | undefined;
  let pending: Promise<string> | undefined;

  /** The service account's key; a key that fails to import is tried again next time (and fails again). */
  function key(): ReturnType<typeof importPKCS8> {
    // A key pasted through an environment variable sometimes keeps its newlines as "\n".
    if (!signingKey) {
      signingKey = importPKCS8(account.privateKey.replace(/\\n/g, '\n'), 'RS256');
      signingKey.catch(() => {
        signingKey = undefined;
      });
    }
    return signingKey;
  }

  async function requestToken(): Promise<CachedToken> {
    const issuedAtMs = now().getTime();
    const iat = Math.floor(issuedAtMs / 1000);
    let assertion: string;
    try {
      assertion = await new SignJWT({ scope: SCOPE })
        .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
        .setIssuer(account.clientEmail)
        .setAudience(account.tokenUri)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ASSERTION_SECONDS)
        .sign(await key());
    } catch (error) {
      throw new TokenError(`cannot sign with the service account's private key: ${reason(error)}`);
    }
    let response: Response;
    let text: string;
    try {
      response = await fetch(account.tokenUri, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ grant_type: JWT_BEARER, assertion }).toString(),
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      throw new TokenError(`token request failed: ${reason(error)}`);
    }
    if (!response.ok) throw new TokenError(`token endpoint answered ${response.status}: ${clip(text)}`);
    const answer = parseJson(text) as { access_token?: unknown; expires_in?: unknown; token_type?: unknown } | undefined;
    const token = answer?.access_token;
    const expiresIn = answer?.expires_in;
    if (typeof token !== 'string' || token === '' || typeof expiresIn !== 'number' || !(expiresIn > 0)) {
      throw new TokenError(`token endpoint answered no access token: ${clip(text)}`);
    }
    if (typeof answer?.token_type === 'string' && answer.token_type.toLowerCase() !== 'bearer') {
      throw new TokenError(`token endpoint answered a ${answer.token_type} token, not a Bearer one`);
    }
    return { token, expiresAt: issuedAtMs + expiresIn * 1000 };
  }

  /** The cached access token, or the one being asked for, or a new request; a failed request is not kept. */
  function accessToken(): Promise<string> {
    if (cached && now().getTime() < cached.expiresAt - REFRESH_MARGIN_MS) return Promise.resolve(cached.token);
    pending ??= requestToken()
      .then((fresh) => {
        cached = fresh;
        return fresh.token;
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  }

  /** Forgets a token FCM refused, unless a newer one has replaced it meanwhile. */
  function forget(token: string): void {
    if (cached?.token === token) cached = undefined;
  }

  const post = (token: string, body: string): Promise<Response> =>
    fetch(sendUrl, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json; charset=utf-8' },
      body,
      // The API URL is fixed by configuration; where a redirect would lead was never checked.
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });

  return {
    async send(
      token: string,
      payload: PushPayload,
      options: SendOptions,
    ): Promise<{ result: SendResult; status?: number; error?: string }> {
      try {
        const body = JSON.stringify(fcmMessage(token, payload, options, now().getTime()));
        let access = await accessToken();
        let response = await post(access, body);
        if (response.status === 401) {
          // The access token was revoked or expired early: one more try with a new one.
          await response.arrayBuffer().catch(() => undefined);
          forget(access);
          access = await accessToken();
          response = await post(access, body);
        }
        const text = await response.text().catch(() => '');
        const status = response.status;
        if (status >= 200 && status < 300) return { result: 'sent', status };
        const answer = parseJson(text) as GoogleError | undefined;
        // 404 with FCM's own UNREGISTERED or NOT_FOUND (the app was uninstalled, or the token expired); some 400s say
        // the token is malformed. A bare 404 (a wrong FCM_API_URL, a proxy) deletes nothing.
        const unregistered = status === 404 && (answer?.error?.status === 'NOT_FOUND' || tokenIsInvalid(answer));
        if (unregistered || (status === 400 && tokenIsInvalid(answer))) {
          return { result: 'gone', status, error: clip(answer?.error?.message ?? text) };
        }
        return { result: 'failed', status, error: `FCM answered ${status}: ${clip(answer?.error?.message ?? text)}` };
      } catch (error) {
        if (error instanceof TokenError) return { result: 'failed', error: `FCM access token: ${error.message}` };
        return { result: 'failed', error: reason(error) };
      }
    },
  };
}

export type FcmSender = ReturnType<typeof createFcmSender>;
