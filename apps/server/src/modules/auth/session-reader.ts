import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { DatabaseHandle } from '../../platform/db/client';
import type { Listening } from '../../platform/db/notifications';
import type { Auth } from './auth';
import { toHeaders, type SessionUser } from './session';

/** The channel migration 0014's triggers notify: 's:<session id>' or 'u:<user id>'. */
export const SESSION_CHANNEL = 'selah_sessions';

/** What may have changed: one session, every session of one user, or (neither) any session. */
export interface SessionNotice {
  sessionId?: string;
  userId?: string;
}

interface Entry {
  user: SessionUser;
  sessionId: string;
  /** Until when this entry may answer (the cache's time to live, never past the session's own end). */
  until: number;
}

export interface SessionReaderOptions {
  auth: Auth;
  database: Pick<DatabaseHandle, 'listen'>;
  logger: FastifyBaseLogger;
  now?: () => number;
  /** How long a checked session answers from memory; every change to it is told at once anyway. */
  ttlMs?: number;
  maxEntries?: number;
}

/** better-auth's own cookies (cookiePrefix 'selah', with __Secure- on https): the only ones a session read uses. */
const AUTH_COOKIE = /(?:^|;)\s*((?:__Secure-)?selah\.[\w.-]+=[^;]*)/g;
/** Longer credentials are checked every time, never kept: memory is not for whoever sends the biggest headers. */
const MAX_KEY_LENGTH = 1024;

/**
 * The credentials a request carries (its bearer token and better-auth's cookies, nothing else): the key of what
 * better-auth decided for exactly these. Null when there are none.
 */
export function credentialsOf(request: Pick<FastifyRequest, 'headers'>): string | null {
  const { cookie, authorization } = request.headers;
  const hasCookie = typeof cookie === 'string' && cookie.includes('session_token');
  if (!authorization && !hasCookie) return null;
  const cookies = hasCookie ? Array.from(cookie.matchAll(AUTH_COOKIE), (match) => match[1]).join(';') : '';
  return `${authorization ?? ''}\n${cookies}`;
}

/**
 * Reads a request's session without a database round trip when this process checked the same credentials in the
 * last few minutes (decision 027). A sign-out, a password change or reset, a revoked session or a deleted or
 * renamed user is told to every process by the database itself (triggers, LISTEN/NOTIFY), and forgotten at
 * once; while that channel is down nothing is answered from memory.
 */
export async function createSessionReader(options: SessionReaderOptions) {
  const { auth, logger } = options;
  const now = options.now ?? Date.now;
  const ttlMs = options.ttlMs ?? 5 * 60 * 1000;
  const byCredentials = new LRUCache<string, Entry>({
    max: options.maxEntries ?? 20_000,
    dispose: (entry, key) => {
      unindex(bySession, entry.sessionId, key);
      unindex(byUser, entry.user.id, key);
    },
  });
  const bySession = new Map<string, Set<string>>();
  const byUser = new Map<string, Set<string>>();
  /** Who else wants to hear of a changed session or user (open event streams: live.routes.ts). */
  const watchers = new Set<(notice: SessionNotice) => void>();
  const tell = (notice: SessionNotice) => {
    for (const watcher of watchers) watcher(notice);
  };
  /** Counts the notices: a read that overlapped one does not keep its answer (it may predate the change). */
  let notices = 0;

  const forget = (index: Map<string, Set<string>>, id: string) => {
    const keys = index.get(id);
    if (!keys) return;
    for (const key of [...keys]) byCredentials.delete(key);
    index.delete(id);
  };
  const listening: Listening = await options.database.listen(SESSION_CHANNEL, {
    message(payload) {
      notices += 1;
      if (payload.startsWith('s:')) {
        forget(bySession, payload.slice(2));
        tell({ sessionId: payload.slice(2) });
      } else if (payload.startsWith('u:')) {
        forget(byUser, payload.slice(2));
        tell({ userId: payload.slice(2) });
      } else {
        byCredentials.clear();
        tell({});
      }
    },
    resumed() {
      notices += 1;
      byCredentials.clear();
      tell({});
    },
    warn: (error, message) => logger.warn({ err: error }, message),
  });

  return {
    /** The signed-in user, or null. Answers from memory when it may (no promise is made then). */
    cached(credentials: string): SessionUser | undefined {
      if (!listening.connected) return undefined;
      const entry = byCredentials.get(credentials);
      if (!entry) return undefined;
      if (entry.until <= now()) {
        byCredentials.delete(credentials);
        return undefined;
      }
      return entry.user;
    },

    /** Asks better-auth (the database), and keeps the answer when nothing changed meanwhile. */
    async read(request: FastifyRequest, credentials: string): Promise<SessionUser | null> {
      const noticesBefore = notices;
      const result = await auth.api.getSession({ headers: toHeaders(request) });
      if (!result) return null;
      const sessionEnds = new Date(result.session.expiresAt).getTime();
      const user: SessionUser = {
        id: result.user.id,
        email: result.user.email,
        name: result.user.name,
        session: { id: result.session.id, expiresAt: sessionEnds },
      };
      const keep = credentials.length <= MAX_KEY_LENGTH && notices === noticesBefore && listening.connected;
      if (keep && sessionEnds > now()) {
        byCredentials.set(credentials, { user, sessionId: result.session.id, until: Math.min(now() + ttlMs, sessionEnds) });
        index(bySession, result.session.id, credentials);
        index(byUser, user.id, credentials);
      }
      return user;
    },

    /**
     * Waits until every change committed so far has reached every process: a request that signed out answers
     * after every process has forgotten the session.
     */
    caughtUp: () => listening.caughtUp(),

    /**
     * Calls the watcher whenever a session (sessionId), a user's sessions (userId) or possibly any session
     * (neither: a notice for everyone, or notices missed while the channel was down) may have changed or ended.
     */
    watch(watcher: (notice: SessionNotice) => void): () => void {
      watchers.add(watcher);
      return () => void watchers.delete(watcher);
    },

    /** How many credentials are kept (tests). */
    get size() {
      return byCredentials.size;
    },

    close: () => listening.close(),
  };
}

function index(map: Map<string, Set<string>>, id: string, key: string): void {
  let keys = map.get(id);
  if (!keys) map.set(id, (keys = new Set()));
  keys.add(key);
}

function unindex(map: Map<string, Set<string>>, id: string, key: string): void {
  const keys = map.get(id);
  if (!keys) return;
  keys.delete(key);
  if (keys.size === 0) map.delete(id);
}

export type SessionReader = Awaited<ReturnType<typeof createSessionReader>>;
