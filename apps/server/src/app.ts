import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import DataLoader from 'dataloader';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { AccessLog } from './platform/access-log';
import { answerNodeRefusals, clientErrorHandler, frameworkErrors, registerErrorHandling } from './platform/errors';
import { registerInputGuards } from './platform/input-guards';
import { MEDIA_URL_PREFIX, type MediaStore } from './platform/media';
import { privateMediaRoutes } from './modules/media/private-media.routes';
import { registerSecurityHeaders } from './platform/security-headers';
import { mediaOriginsOf } from './platform/media-s3';
import { registerNativeOrigins } from './platform/native-origins';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { contentRoutes } from './modules/content/content.routes';
import type { feedService } from './modules/content/feed.service';
import type { createAuth } from './modules/auth/auth';
import { authRoutes } from './modules/auth/auth.routes';
import { credentialsOf } from './modules/auth/session-reader';
import { healthRoutes } from './modules/health/health.routes';
import { localesRoutes } from './modules/locales/locales.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { recordsRoutes } from './modules/records/records.routes';
import { streamRoutes } from './modules/media/stream.routes';
import type { LiveBus } from './modules/live/live-bus';
import { liveRoutes } from './modules/live/live.routes';
import type { deferredJobSender } from './platform/jobs';
import type { Clock } from './platform/clock';
import { journeysRoutes } from './modules/journeys/journeys.routes';
import { testClockRoutes } from './modules/health/test-clock.routes';
import { personalizedRoutes } from './modules/personalized/personalized.routes';
import { subscriptionRoutes } from './modules/subscription/subscription.routes';
import { exportsRoutes } from './modules/exports/exports.routes';
import { habitRoutes } from './modules/habit/habit.routes';
import { pushRoutes } from './modules/push/push.routes';
import { toPersonalizedJourneySummary } from '@selah/domain/personalized-views';
import { isPagePath } from '@selah/domain/pages';
import { registerOpenApi } from './platform/openapi';
import { registerPersonalCache } from './platform/personal-cache';
import { createServices, type ServiceOptions, type Services } from './services';

export type AppDependencies = ServiceOptions;

/** Paths the web app's client-side router owns are answered with index.html; these never are. */
const SERVER_PREFIXES = ['/api/', '/api', '/media/', '/locales/', '/health', '/ready', '/metrics'];

/** The services from the configuration (services.ts), with the HTTP app in front of them. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  return buildHttpApp(await createServices(deps));
}

/**
 * Builds the Fastify instance around the services, in a fixed order: external plugins, platform, modules, web.
 * It does not listen; main.ts does, and tests call inject().
 */
export async function buildHttpApp(services: Services): Promise<FastifyInstance> {
  const { config, media, live, jobs, clock, signer, auth, throttle, profiles, feed, prayers, personalized } = services;
  const app = Fastify({
    loggerInstance: services.logger,
    logController: new AccessLog(),
    frameworkErrors,
    clientErrorHandler,
    // Node would answer a request without Host itself, with an empty body: input-guards.ts answers it in JSON.
    http: { requireHostHeader: false },
    // X-Forwarded-For and -Proto count only from the proxies TRUST_PROXY names (none by default).
    trustProxy: typeof config.trustProxy === 'number' ? hopCount(config.trustProxy) : config.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // ---- external plugins ----
  registerSecurityHeaders(app, { secure: config.publicUrl.startsWith('https://'), mediaOrigins: mediaOriginsOf(config.mediaStore) });
  await registerNativeOrigins(app, config);
  // A person's frequent reads from memory (embedded default): its onSend hook must come before compression's.
  await registerPersonalCache(app, { database: services.database, now: () => clock.now().getTime(), logger: services.logger });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(rateLimit, { global: false });
  await registerOpenApi(app);

  // ---- platform ----
  registerErrorHandling(app);
  // Every request's time, by its route's pattern (an address never becomes a label).
  app.addHook('onResponse', (request, reply, done) => {
    services.metrics.httpDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'not found', status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
  answerNodeRefusals(app.server);
  registerInputGuards(app);
  app.decorate('media', media);
  app.decorate('live', live);
  app.addHook('onClose', async () => services.close());
  app.decorate('jobs', jobs);
  app.decorate('clock', clock);
  app.decorate('auth', auth);

  // ---- modules ----
  app.decorateRequest('sessionUser', null);
  const { sessions } = services;
  // A callback hook, not an async one: no promise on the hot path (no session, or one this process checked lately).
  app.addHook('onRequest', (request, _reply, done) => {
    const url = request.url;
    const credentials = credentialsOf(request);
    // Without a cookie or a bearer token there is no session to read: skip the lookup (the feed's hot path).
    if (credentials === null || !url.startsWith('/api/') || url.startsWith('/api/auth/') || url.startsWith('/api/docs')) {
      done();
      return;
    }
    const known = sessions.cached(credentials);
    if (known) {
      request.sessionUser = known;
      done();
      return;
    }
    sessions.read(request, credentials).then((user) => {
      request.sessionUser = user;
      done();
    }, done);
  });
  if (services.database.kind === 'postgres') {
    // Several processes: a request that changed something (a sign-out, a password reset, a deleted account, any
    // write) answers once this process has heard every notice committed so far, and so, at the same commit, has
    // every other: the old session is refused, and kept answers are gone, on the very next request anywhere
    // (decision 027). PGlite hears a notice before the statement that sent it returns.
    app.addHook('onSend', async (request) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && request.url.startsWith('/api/')) await sessions.caughtUp();
    });
  }

  await app.register(healthRoutes, { readiness: services.readiness, metrics: services.metrics, metricsToken: config.metricsToken });
  await app.register(authRoutes, { auth, config, throttle, clock });
  await app.register(profileRoutes, { service: profiles, auth, throttle, clock });
  app.decorate('feed', feed);
  await app.register(contentRoutes, { feed, sounds: () => services.content.backgroundSounds() });
  await app.register(recordsRoutes, { service: prayers });
  await app.register(personalizedRoutes, { service: personalized });
  await app.register(subscriptionRoutes, { service: services.subscriptions });
  await app.register(pushRoutes, { service: services.push });
  await app.register(habitRoutes, { service: services.habit });
  await app.register(exportsRoutes, { service: services.exports });
  await app.register(liveRoutes, {
    bus: live,
    presence: {
      open: (userId) => services.push.presence.open(userId, services.processId),
      close: (userId) => services.push.presence.close(userId, services.processId),
      refresh: (userIds) => services.push.presence.refresh(services.processId, userIds),
    },
    metrics: services.metrics,
    maxStreamsPerPerson: config.liveStreamsPerPerson,
    sessions: { watch: (watcher) => sessions.watch(watcher), endsAt: sessionEnds(services.database) },
    loadEvent: async (change) => {
      switch (change.kind) {
        case 'record':
          return { type: 'record' as const, record: await prayers.get(change.userId, change.id) };
        case 'personalized-journey':
          return {
            type: 'personalized-journey' as const,
            journey: toPersonalizedJourneySummary(await personalized.detail(change.userId, change.id)),
          };
      }
    },
  });
  await app.register(journeysRoutes, {
    service: services.journeys,
    languageOf: async (userId) => (await services.records.profileOf(userId))?.language ?? 'en',
  });
  if (config.testClock) await app.register(testClockRoutes, { clock });
  await app.register(analyticsRoutes, { queries: services.analytics, logToConsole: config.isDevelopment });
  await app.register(localesRoutes, {
    localesDir: config.localesDir,
    cache: !config.isDevelopment,
    acceptMissingKeys: config.isDevelopment,
  });

  // ---- media and web ----
  await app.register(privateMediaRoutes, { media, signer, clock });
  await app.register(streamRoutes, {
    sources: { record: (owner, id) => prayers.playlist(owner, id), journeyDay: (owner, id) => personalized.playlist(owner, id) },
    signer,
  });
  mkdirSync(config.mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.mediaDir,
    prefix: MEDIA_URL_PREFIX,
    decorateReply: false,
    acceptRanges: true,
    immutable: true,
    maxAge: '365d',
  });
  const indexHtml = path.join(config.webDistDir, 'index.html');
  const hasWeb = existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      prefix: '/',
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/dashboard'));

  // The web app's pages get its HTML. Any other address answers 404: in JSON, or, to a browser opening it as a
  // page, with the web app's HTML (its not-found page) and the 404 status, so no probe or scraper takes it for one.
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isServerPath = SERVER_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(prefix));
    const mayBePage = hasWeb && (request.method === 'GET' || request.method === 'HEAD') && !isServerPath;
    // A page's address may hold a dot (a journey day's id is read like parseInt: /journey-day/faith-boost/1.9).
    if (mayBePage && isPagePath(pathname)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', config.webDistDir);
    }
    if (mayBePage && !path.extname(pathname) && opensAPage(request.headers)) {
      return reply.status(404).header('cache-control', 'no-cache').sendFile('index.html', config.webDistDir);
    }
    return reply.status(404).send({ error: { code: 'NOT_FOUND', message: `No route for ${request.method} ${pathname.slice(0, 200)}` } });
  });

  return app;
}

/** A browser opening the address as a page (a navigation), not a script, probe or scraper. */
function opensAPage(headers: Record<string, string | string[] | undefined>): boolean {
  const mode = headers['sec-fetch-mode'];
  if (typeof mode === 'string') return mode === 'navigate';
  const accept = headers.accept;
  return typeof accept === 'string' && accept.includes('text/html');
}

/**
 * A worker's HTTP: /health, /ready and /metrics only (on WORKER_PORT), JSON 404 for anything else. It does not
 * listen; main.ts does.
 */
export async function buildOpsApp(services: Services): Promise<FastifyInstance> {
  const app = Fastify({ loggerInstance: services.logger, logController: new AccessLog(), frameworkErrors, clientErrorHandler });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await app.register(healthRoutes, {
    readiness: services.readiness,
    metrics: services.metrics,
    metricsToken: services.config.metricsToken,
  });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({
      error: { code: 'NOT_FOUND', message: `No route for ${request.method} ${(request.url.split('?')[0] ?? '/').slice(0, 200)}` },
    }),
  );
  return app;
}

/**
 * When each session ends (ms), null when it no longer exists: the lookups of one moment (every stream of a person
 * after a notice, every stream after a reconnect) are one query.
 */
function sessionEnds(database: Services['database']): (sessionId: string) => Promise<number | null> {
  const loader = new DataLoader<string, number | null>(
    async (ids) => {
      const { rows } = await database.query('SELECT id, expires_at FROM "session" WHERE id = ANY($1::text[])', [[...ids]]);
      const ends = new Map(rows.map((row) => [row.id as string, new Date(row.expires_at as string | Date).getTime()]));
      return ids.map((id) => ends.get(id) ?? null);
    },
    { cache: false, maxBatchSize: 1000 },
  );
  return (sessionId) => loader.load(sessionId);
}

/** TRUST_PROXY=n: the n proxies nearest this server may say who their client was. */
const hopCount =
  (hops: number) =>
  (_address: string, hop: number): boolean =>
    hop < hops;

declare module 'fastify' {
  interface FastifyInstance {
    /** Where generated audio is stored (local DATA_DIR/media or an S3-compatible bucket). */
    media: MediaStore;
    auth: ReturnType<typeof createAuth>;
    feed: ReturnType<typeof feedService>;
    /** Record and journey changes, to every process holding a user's event stream. */
    live: LiveBus;
    /** Sends jobs once main.ts has attached the started queue. */
    jobs: ReturnType<typeof deferredJobSender>;
    clock: Clock;
  }
}
