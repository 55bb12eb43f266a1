import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './platform/config';
import type { DatabaseHandle } from './platform/db/client';
import { AccessLog } from './platform/access-log';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './platform/errors';
import { registerInputGuards } from './platform/input-guards';
import { signInThrottleStore } from './modules/auth/sign-in-throttle';
import { createMailer, type Mailer } from './platform/mailer';
import { MEDIA_URL_PREFIX, type MediaStore } from './platform/media';
import { createMediaStore } from './platform/media-store';
import { createMediaSigner } from './platform/media-signing';
import { privateMediaRoutes } from './modules/media/private-media.routes';
import { registerSecurityHeaders } from './platform/security-headers';
import { analyticsQueries } from './modules/analytics/analytics.queries';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { contentQueries } from './modules/content/content.queries';
import { contentRoutes } from './modules/content/content.routes';
import { feedService } from './modules/content/feed.service';
import { createAuth } from './modules/auth/auth';
import { authRoutes } from './modules/auth/auth.routes';
import { readSessionUser } from './modules/auth/session';
import { healthRoutes } from './modules/health/health.routes';
import { localesRoutes } from './modules/locales/locales.routes';
import { profileQueries } from './modules/profile/profile.queries';
import { profileRoutes } from './modules/profile/profile.routes';
import { profileService } from './modules/profile/profile.service';
import { recordQueries } from './modules/records/records.queries';
import { recordsRoutes } from './modules/records/records.routes';
import { recordsService } from './modules/records/records.service';
import { createLocalLiveBus, createPostgresLiveBus, type LiveBus } from './modules/live/live-bus';
import { liveRoutes } from './modules/live/live.routes';
import { deferredJobSender } from './platform/jobs';
import { createClock, type Clock } from './platform/clock';
import { journeyQueries } from './modules/journeys/journeys.queries';
import { journeysRoutes } from './modules/journeys/journeys.routes';
import { journeysService } from './modules/journeys/journeys.service';
import { testClockRoutes } from './modules/health/test-clock.routes';
import { personalizedQueries } from './modules/personalized/personalized.queries';
import { personalizedRoutes } from './modules/personalized/personalized.routes';
import { personalizedService } from './modules/personalized/personalized.service';

export interface AppDependencies {
  config: AppConfig;
  database: DatabaseHandle;
  /** Tests hand in their own; otherwise built from the config. */
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** The server's notion of now (tests hand in one they move). */
  clock?: Clock;
}

/** Paths the web app's client-side router owns are answered with index.html; these never are. */
const SERVER_PREFIXES = ['/api/', '/api', '/media/', '/locales/', '/health'];

/**
 * Builds the Fastify instance in a fixed order: external plugins, platform, modules, web.
 * It does not listen; server.ts does, and tests call inject().
 */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    logController: new AccessLog(),
    frameworkErrors,
    clientErrorHandler,
    // X-Forwarded-For and -Proto count only from the proxies TRUST_PROXY names (none by default).
    trustProxy: typeof config.trustProxy === 'number' ? hopCount(config.trustProxy) : config.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // ---- external plugins ----
  registerSecurityHeaders(app, { secure: config.publicUrl.startsWith('https://') });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: { info: { title: 'Selah API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });

  // ---- platform ----
  registerErrorHandling(app);
  registerInputGuards(app);
  const mailer =
    deps.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir, logger: app.log });
  const media = createMediaStore(config.mediaStore);
  app.decorate('media', media);
  const { db } = database;
  // Live changes: in-process in the embedded default, LISTEN/NOTIFY across processes on PostgreSQL.
  const live: LiveBus = database.url ? await createPostgresLiveBus(database.url, app.log) : createLocalLiveBus();
  app.decorate('live', live);
  app.addHook('onClose', async () => live.close());
  // Jobs wait for the queue, which starts after the server listens (main.ts attaches it).
  const jobs = deferredJobSender();
  app.decorate('jobs', jobs);
  const clock = deps.clock ?? createClock();
  app.decorate('clock', clock);
  // People's own audio is reached only through short-lived signed addresses.
  const signer = createMediaSigner(config.authSecret, clock);

  // ---- modules ----
  const profiles = profileService({ profiles: profileQueries(db), records: recordQueries(db), media, logger: app.log });
  const auth = createAuth({ config, db, mailer, logger: app.log, lifecycle: profiles });
  app.decorate('auth', auth);
  const throttle = signInThrottleStore(db);

  app.decorateRequest('sessionUser', null);
  // A callback hook, not an async one: no promise on the hot path of requests without a session.
  app.addHook('onRequest', (request, _reply, done) => {
    const url = request.url;
    const { cookie, authorization } = request.headers;
    const mayHaveSession = Boolean(authorization) || Boolean(cookie?.includes('session_token'));
    // Without a cookie or a bearer token there is no session to read: skip the lookup (the feed's hot path).
    if (!mayHaveSession || !url.startsWith('/api/') || url.startsWith('/api/auth/') || url.startsWith('/api/docs')) {
      done();
      return;
    }
    readSessionUser(auth, request).then((user) => {
      request.sessionUser = user;
      done();
    }, done);
  });

  await app.register(healthRoutes);
  await app.register(authRoutes, { auth, config, throttle, clock });
  await app.register(profileRoutes, { service: profiles, auth, throttle, clock });
  const feed = feedService(contentQueries(db), signer);
  app.decorate('feed', feed);
  await app.register(contentRoutes, { feed });
  const records = recordQueries(db);
  const prayers = recordsService({ queries: records, jobs, live, signer, now: () => clock.now() });
  await app.register(recordsRoutes, { service: prayers });
  const personalized = personalizedService({ queries: personalizedQueries(db), jobs, live, clock, signer });
  await app.register(personalizedRoutes, { service: personalized });
  await app.register(liveRoutes, {
    bus: live,
    loadEvent: async (change) => {
      switch (change.kind) {
        case 'record':
          return { type: 'record' as const, record: await prayers.get(change.userId, change.id) };
        case 'personalized-journey': {
          const { days: _days, serverTime: _serverTime, ...journey } = await personalized.detail(change.userId, change.id);
          return { type: 'personalized-journey' as const, journey };
        }
      }
    },
  });
  await app.register(journeysRoutes, {
    service: journeysService({ queries: journeyQueries(db), clock }),
    languageOf: async (userId) => (await records.profileOf(userId))?.language ?? 'en',
  });
  if (config.testClock) await app.register(testClockRoutes, { clock });
  await app.register(analyticsRoutes, { queries: analyticsQueries(db), logToConsole: config.isDevelopment });
  await app.register(localesRoutes, {
    localesDir: config.localesDir,
    cache: !config.isDevelopment,
    acceptMissingKeys: config.isDevelopment,
  });
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());

  // ---- media and web ----
  await app.register(privateMediaRoutes, { media, signer, clock });
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

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isServerPath = SERVER_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(prefix));
    if (hasWeb && request.method === 'GET' && !isServerPath && !path.extname(pathname)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', config.webDistDir);
    }
    return reply.status(404).send({ error: { code: 'NOT_FOUND', message: `No route for ${request.method} ${pathname}` } });
  });

  return app;
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
