import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import type { AppConfig } from './platform/config';
import type { DatabaseHandle } from './platform/db/client';
import { createClock, type Clock } from './platform/clock';
import { deferredJobSender } from './platform/jobs';
import { createMetrics, type Metrics } from './platform/metrics';
import { checkReadiness } from './platform/readiness';
import { createMailer, type Mailer } from './platform/mailer';
import { createMediaStore } from './platform/media-store';
import { createMediaSigner } from './platform/media-signing';
import { analyticsQueries } from './modules/analytics/analytics.queries';
import { createAuth } from './modules/auth/auth';
import { createSessionReader } from './modules/auth/session-reader';
import { signInThrottleStore } from './modules/auth/sign-in-throttle';
import { contentQueries } from './modules/content/content.queries';
import { exportsQueries } from './modules/exports/exports.queries';
import { exportsService } from './modules/exports/exports.service';
import { habitQueries } from './modules/habit/habit.queries';
import { habitService } from './modules/habit/habit.service';
import { feedService } from './modules/content/feed.service';
import { journeyQueries } from './modules/journeys/journeys.queries';
import { journeysService } from './modules/journeys/journeys.service';
import { createLocalLiveBus, createPostgresLiveBus } from './modules/live/live-bus';
import { personalizedQueries } from './modules/personalized/personalized.queries';
import { personalizedService } from './modules/personalized/personalized.service';
import { profileQueries } from './modules/profile/profile.queries';
import { profileService } from './modules/profile/profile.service';
import { recordQueries } from './modules/records/records.queries';
import { recordsService } from './modules/records/records.service';
import { revenueCatClient } from './modules/subscription/revenuecat';
import { notificationTexts } from './modules/push/notification-texts';
import { pushQueries } from './modules/push/push.queries';
import { pushService } from './modules/push/push.service';
import { createWebPushSender } from './modules/push/web-push-sender';
import { createFcmSender } from './modules/push/fcm-sender';
import { subscriptionQueries } from './modules/subscription/subscription.queries';
import { subscriptionService } from './modules/subscription/subscription.service';

/** Logging as Fastify's `logger` option takes it: false (silent), or pino options with an optional stream. */
export type LoggerOptions = false | { level: string; stream?: { write(line: string): void } };

export interface ServiceOptions {
  config: AppConfig;
  database: DatabaseHandle;
  /** Tests hand in their own; otherwise built from the config. */
  mailer?: Mailer;
  logger?: LoggerOptions;
  /** The server's notion of now (tests hand in one they move). */
  clock?: Clock;
  /** This process's metrics; built here when not given (with the process's own metrics outside tests). */
  metrics?: Metrics;
}

/**
 * The composition root: every service built once from the configuration. The API process (app.ts) puts
 * routes in front of these; the worker (main.ts --role worker) runs jobs with the same ones and no HTTP app.
 */
export async function createServices(options: ServiceOptions) {
  const { config, database } = options;
  const logger: FastifyBaseLogger =
    options.logger === false
      ? pino({ level: 'silent' })
      : options.logger?.stream
        ? pino({ level: options.logger.level }, options.logger.stream)
        : pino({ level: options.logger?.level ?? config.logLevel });
  const { db } = database;
  const mailer = options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir, logger });
  const media = createMediaStore(config.mediaStore);
  // Live changes: in-process in the embedded default, LISTEN/NOTIFY across processes on PostgreSQL.
  const live = database.url ? await createPostgresLiveBus(database, logger) : createLocalLiveBus(database.query, logger);
  // Jobs wait for the queue, which starts after the server listens (main.ts attaches it).
  const jobs = deferredJobSender();
  const clock = options.clock ?? createClock();
  // People's own audio is reached only through short-lived signed addresses.
  const signer = createMediaSigner(config.authSecret, clock);

  const records = recordQueries(db);
  const subscriptions = subscriptionService({
    queries: subscriptionQueries(db),
    clock,
    logger,
    revenueCat: config.revenueCat.secretKey
      ? revenueCatClient({ apiUrl: config.revenueCat.apiUrl, secretKey: config.revenueCat.secretKey })
      : null,
    webhookAuth: config.revenueCat.webhookAuth,
    // Read when a person asks for their usage, long after prayers below exists.
    usedThisMonth: (userId) => prayers.usedThisMonth(userId),
  });
  const planOf = subscriptions.planOf;
  const prayers = recordsService({ queries: records, jobs, live, signer, planOf, now: () => clock.now() });
  const content = contentQueries(db);
  const personalized = personalizedService({
    queries: personalizedQueries(db),
    jobs,
    live,
    clock,
    signer,
    perDay: config.personalizedJourneysPerDay,
  });
  const push = pushService({
    queries: pushQueries(database),
    clock,
    logger,
    config: config.push,
    web: createWebPushSender(config.push.vapid),
    fcm: config.push.fcm ? createFcmSender(config.push.fcm) : null,
    texts: notificationTexts(config.localesDir),
    jobs,
    dailyTitle: async (day, language) => {
      const [prayer] = await content.latestDailyPrayers(day, 1);
      // Only the day's own prayer, and only where daily prayers exist (en, es): otherwise the reminder has no title.
      if (!prayer || prayer.date !== day) return null;
      return prayer.translations.find((translation) => translation.language === language)?.title ?? null;
    },
    openedDays: (from, to) => personalized.daysOpenedBetween(from, to),
  });
  const profiles = profileService({
    profiles: profileQueries(db),
    records: prayers,
    media,
    logger,
    now: () => clock.now(),
    onNotificationsOff: (userId) => push.removeAllOf(userId),
  });
  const auth = createAuth({ config, db, mailer, logger, lifecycle: profiles });
  // Sessions answered from memory, forgotten on every process the moment the database changes them.
  const sessions = await createSessionReader({ auth, database, logger });
  const metrics = options.metrics ?? createMetrics({ processMetrics: config.env !== 'test' });
  metrics.observe({ pool: () => database.poolStats() });
  return {
    config,
    database,
    logger,
    metrics,
    /** GET /ready: database, migrations, job queue. */
    readiness: () => checkReadiness({ database, queueRunning: () => jobs.isRunning(), logger }),
    mailer,
    media,
    live,
    jobs,
    clock,
    signer,
    auth,
    sessions,
    throttle: signInThrottleStore(db),
    profiles,
    content,
    feed: feedService(content, (userId, limit) => prayers.recent(userId, limit)),
    records,
    prayers,
    personalizedQueries: personalizedQueries(db),
    personalized,
    subscriptions,
    push,
    /** This process, as the live presence table names it. */
    processId: randomUUID(),
    journeys: journeysService({ queries: journeyQueries(db), clock }),
    habit: habitService({ queries: habitQueries(db), clock }),
    exports: exportsService({ queries: exportsQueries(db), media, jobs, clock, secret: config.authSecret, logger }),
    analytics: analyticsQueries(db),
    /** Ends what the services hold open (the live bus's and the sessions' connections); the database is closed by its opener. */
    close: async () => {
      await Promise.all([live.close(), sessions.close()]);
    },
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;
