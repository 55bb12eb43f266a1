import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { DatabaseHandle } from './db/client';
import { encodingOf, type Encoding } from './json-responses';

/** The channel migration 0014's triggers notify with a user's id, or '*' when shared content changed. */
export const USER_DATA_CHANNEL = 'selah_user_data';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** GET routes whose answer is the signed-in person's own and may come from memory (personal-cache.ts). */
    personalCache?: true;
  }
}

interface Entry {
  body: string;
  cacheControl: string | undefined;
  until: number;
  /** The body compressed, made at the first hit that asks for each encoding. */
  encoded: Partial<Record<Exclude<Encoding, 'identity'>, Buffer>>;
}

const MAX_URL_LENGTH = 512;
/** As @fastify/compress does for the misses: smaller bodies go as they are. */
const COMPRESS_THRESHOLD = 1024;

function encodedBody(entry: Entry, encoding: Exclude<Encoding, 'identity'>): Buffer {
  let body = entry.encoded[encoding];
  if (!body) {
    body =
      encoding === 'br'
        ? brotliCompressSync(entry.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
        : gzipSync(entry.body, { level: 6 });
    entry.encoded[encoding] = body;
  }
  return body;
}

const CONTENT_TYPE = 'application/json; charset=utf-8';
const MISS_VERSION = Symbol('personal-cache version');

interface Marked {
  [MISS_VERSION]?: { key: string; userId: string; version: string };
}

/**
 * The signed-in person's frequent reads answered from memory (decision 027). The database says whose data changed
 * (triggers on every table these answers are made of, LISTEN), and the person's answers are dropped: on PGlite
 * before the statement that changed them returns (it delivers the notice with its result); on PostgreSQL as the
 * notice arrives, and a request that changed something answers only after that (app.ts). Nothing is answered
 * from memory while the notices' connection is down. Each answer also ends after `ttlMs` of the app's clock, for
 * what depends on the time (a plan's end, a day unlocking). Each of these reads is one indexed query when asked.
 */
export async function registerPersonalCache(
  app: FastifyInstance,
  options: { database: DatabaseHandle; now: () => number; logger: FastifyBaseLogger; ttlMs?: number; maxEntries?: number },
): Promise<void> {
  const { now } = options;
  const ttlMs = options.ttlMs ?? 30_000;
  const keysOfUser = new Map<string, Set<string>>();
  const entries = new LRUCache<string, Entry>({
    max: options.maxEntries ?? 20_000,
    dispose: (_entry, key) => {
      const userId = key.slice(0, key.indexOf('\n'));
      const keys = keysOfUser.get(userId);
      keys?.delete(key);
      if (keys?.size === 0) keysOfUser.delete(userId);
    },
  });
  // A read that overlapped a notice for its person (or for everyone, or a reconnect) does not keep its answer.
  const versions = new Map<string, number>();
  let sharedVersion = 0;
  const versionOf = (userId: string) => `${sharedVersion}:${versions.get(userId) ?? 0}`;

  const listening = await options.database.listen(USER_DATA_CHANNEL, {
    message(userId) {
      if (userId === '*') {
        sharedVersion += 1;
        entries.clear();
        keysOfUser.clear();
        versions.clear();
        return;
      }
      versions.set(userId, (versions.get(userId) ?? 0) + 1);
      for (const key of [...(keysOfUser.get(userId) ?? [])]) entries.delete(key);
    },
    resumed: () => {
      sharedVersion += 1;
      entries.clear();
    },
    warn: (error, message) => options.logger.warn({ err: error }, message),
  });
  app.addHook('onClose', async () => listening.close());

  app.addHook('preHandler', (request: FastifyRequest & Marked, reply: FastifyReply, done) => {
    const user = request.sessionUser;
    // An address longer than any the app asks for is answered every time, never kept.
    if (request.routeOptions.config.personalCache !== true || !user || request.method !== 'GET' || request.url.length > MAX_URL_LENGTH) {
      done();
      return;
    }
    const key = `${user.id}\n${request.url}`;
    const entry = listening.connected ? entries.get(key) : undefined;
    if (entry && entry.until > now()) {
      void reply.header('content-type', CONTENT_TYPE);
      if (entry.cacheControl) void reply.header('cache-control', entry.cacheControl);
      const encoding = entry.body.length >= COMPRESS_THRESHOLD ? encodingOf(request.headers['accept-encoding']) : 'identity';
      if (encoding === 'identity') {
        void reply.send(entry.body);
        return;
      }
      // Compressed once per answer kept, not per request (the compress plugin leaves an encoded body alone).
      void reply.header('content-encoding', encoding).header('vary', 'accept-encoding').send(encodedBody(entry, encoding));
      return;
    }
    request[MISS_VERSION] = { key, userId: user.id, version: versionOf(user.id) };
    done();
  });

  // Before @fastify/compress's hook (registered after this one): the JSON text, not its compressed stream.
  app.addHook('onSend', (request: FastifyRequest & Marked, reply, payload, done) => {
    const miss = request[MISS_VERSION];
    if (miss && reply.statusCode === 200 && typeof payload === 'string' && listening.connected && versionOf(miss.userId) === miss.version) {
      const cacheControl = reply.getHeader('cache-control');
      entries.set(miss.key, {
        body: payload,
        cacheControl: typeof cacheControl === 'string' ? cacheControl : undefined,
        until: now() + ttlMs,
        encoded: {},
      });
      let keys = keysOfUser.get(miss.userId);
      if (!keys) keysOfUser.set(miss.userId, (keys = new Set()));
      keys.add(miss.key);
    }
    done(null, payload);
  });
}
