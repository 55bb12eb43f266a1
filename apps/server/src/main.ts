import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildHttpApp, buildOpsApp } from './app';
import { createServices } from './services';
import { ConfigError, loadConfig, type AppConfig } from './platform/config';
import { useFfmpeg, type FfmpegChoice } from './generation/master/ffmpeg';
import { openDatabase } from './platform/db/client';
import { startQueue } from './platform/queue';
import { createLiveness } from './platform/liveness';
import { importContent } from './modules/content/content.import';
import { registerContentJobs, requestContentImport, waitForPeoplesJobs, type ContentImportState } from './modules/content/content.jobs';
import { contentFingerprint } from './modules/content/content.fingerprint';
import { removeUnreferencedMedia } from './modules/content/unreferenced-media';
import { DAILY_BACKFILL_DAYS, publishDailyPrayers } from './modules/content/daily.service';
import { importProgress } from './modules/content/import-progress';
import { contentBeds, createContentVoicer } from './modules/content/voicer';
import { registerExportJobs } from './modules/exports/exports.jobs';
import { audioSource, verifyImportedAudio } from './modules/content/verify-audio';
import { GENERATE_PRAYER_JOB, registerPrayerGeneration } from './modules/records/generate-prayer.job';
import { createVoicePipelineFromConfig } from './generation/voice-text';
import { createWriterFromConfig } from './generation/writer/create-writer';
import { createUnderstanding } from './generation/understanding/understand';
import { createAncestorsWriter } from './generation/writer/ancestors-writer';
import { warmEmbeddedVoice } from './generation/voice/embedded';
import { warmEspeak } from './generation/voice/espeak';
import { registerAnalyticsJobs } from './modules/analytics/analytics.jobs';
import { moveOwnAudioToPrivate } from './modules/records/private-media-migration';
import { parsePlanCommand, PLAN_USAGE, runPlanCommand } from './modules/subscription/plan-cli';
import { registerPushJobs } from './modules/push/push.jobs';
import { adminSocketPath, askAdminSocket, serveAdminSocket } from './platform/admin-socket';
import { GENERATE_JOURNEY_JOB, registerJourneyGeneration } from './modules/personalized/generate-journey.job';

/**
 * Start-up: read the configuration, open and migrate the database, then serve and/or run jobs.
 * Roles: "all" (default, embedded: API + web + jobs in one process), "api", "worker".
 * `--migrate-only`, `--import-content` and `--verify-audio` do their one thing and exit.
 */
async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: {
      role: { type: 'string', default: 'all' },
      'migrate-only': { type: 'boolean', default: false },
      'import-content': { type: 'boolean', default: false },
      'verify-audio': { type: 'boolean', default: false },
      plan: { type: 'boolean', default: false },
      months: { type: 'string' },
    },
    allowPositionals: true,
  });
  const role = values.role;
  if (role !== 'all' && role !== 'api' && role !== 'worker') {
    throw new ConfigError(`Invalid --role ${role}: use all, api or worker`);
  }
  const config = loadConfig();
  if (values.plan) {
    await planCommand(config, positionals, values.months);
    return;
  }
  // The ffmpeg that masters audio (FFMPEG_PATH: the system's, else the bundled one; decision 034), checked at start.
  let ffmpeg: FfmpegChoice;
  try {
    ffmpeg = useFfmpeg(config.ffmpegPath);
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : String(error));
  }
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db'),
    poolSize: config.databasePoolSize,
  });
  await database.migrate();
  if (values['migrate-only']) {
    await database.close();
    console.log(`Migrations applied (${database.kind}).`);
    return;
  }

  // The composition root: the same services for the API and the worker; only roles that serve get an HTTP app.
  const services = await createServices({ config, database });
  const { logger, media, live, clock, feed } = services;
  logger.info({ ffmpeg: ffmpeg.path, version: ffmpeg.version, source: ffmpeg.source }, `ffmpeg ${ffmpeg.version} (${ffmpeg.source})`);
  const queries = services.content;
  const publishDaily = async (days: number) => {
    await publishDailyPrayers(queries, new Date(), days);
    feed.invalidate();
  };
  let voicer: ReturnType<typeof createContentVoicer> | undefined;
  const contentVoicer = () => (voicer ??= createContentVoicer(config));
  // Which content the last full import holds: a worker's start imports only what changed since (issue 21).
  const importState: ContentImportState = {
    fingerprint: () => contentFingerprint(config.contentDir, `${contentVoicer().id} ${contentBeds.id}`),
    imported: () => queries.importedFingerprint(),
    record: (fingerprint) => queries.recordImport(fingerprint),
  };
  const runImport = async () => {
    try {
      return await importContent({
        contentDir: config.contentDir,
        queries,
        voicer: contentVoicer(),
        beds: contentBeds,
        media,
        logger,
        progress: importProgress(logger),
        onVoiced: () => feed.invalidate(),
        beforeEachFile: waitForPeoplesJobs(database, [GENERATE_PRAYER_JOB, GENERATE_JOURNEY_JOB], logger),
      });
    } finally {
      feed.invalidate();
    }
  };
  const closeAll = async () => {
    await services.close();
    await database.close();
  };

  if (values['verify-audio']) {
    const bucket = config.mediaStore.kind === 's3' ? config.mediaStore.publicUrl : undefined;
    const { checked, problems } = await verifyImportedAudio(queries, audioSource(config.mediaDir, bucket));
    for (const { label, problem } of problems) console.error(`${label}: ${problem}`);
    console.log(`${checked} audio files checked, ${problems.length} problems`);
    await closeAll();
    if (problems.length > 0) process.exitCode = 1;
    return;
  }

  if (values['import-content']) {
    const fingerprint = await importState.fingerprint();
    const summary = await runImport();
    await publishDaily(DAILY_BACKFILL_DAYS);
    await importState.record(fingerprint);
    console.log(
      `Content imported: ${summary.categories} categories, ${summary.items} items, ${summary.dailyPrayers} daily prayers; ` +
        `${summary.voiced} files voiced, ${summary.unchanged} unchanged.`,
    );
    await closeAll();
    return;
  }

  const runsJobs = role !== 'api';
  // The worker starts no HTTP app: it runs jobs with the services alone, and answers probes and scrapes on its
  // own port (WORKER_PORT).
  const app = role === 'worker' ? undefined : await buildHttpApp(services);
  const ops = role === 'worker' ? await buildOpsApp(services) : undefined;
  const running: { queue?: Awaited<ReturnType<typeof startQueue>>; adminSocket?: { close(): Promise<void> } } = {};
  const shutdown = async (signal: string) => {
    logger.info({ signal }, 'shutting down');
    await running.adminSocket?.close();
    services.jobs.detach();
    liveness?.stop();
    await running.queue?.stop({ graceful: true, timeout: 5000 }).catch(() => undefined);
    await ops?.close();
    // Closing the app closes the services too (its onClose hook).
    if (app) await app.close();
    else await services.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled rejection'));

  // Serve first: the queue, today's prayer and the content import follow without holding up /health.
  if (app) await app.listen({ port: config.port, host: config.host });
  if (ops) await ops.listen({ port: config.workerPort, host: config.host });
  // The embedded database is this process's alone: npm run plan asks it through a socket in DATA_DIR.
  if (app && !config.databaseUrl) {
    const socket = await serveAdminSocket(
      adminSocketPath(config.dataDir),
      {
        plan: async (args) => {
          const parsed = parsePlanCommand(
            Array.isArray(args.positionals) ? args.positionals.map(String) : [],
            typeof args.months === 'string' ? args.months : undefined,
          );
          if ('error' in parsed) throw Object.assign(new Error(parsed.error), { code: 'USAGE' });
          return runPlanCommand(services.subscriptions, parsed);
        },
      },
      logger,
    ).catch((error: unknown) => {
      logger.warn({ err: error }, 'the admin socket could not be opened: npm run plan needs the server stopped');
      return null;
    });
    if (socket) running.adminSocket = socket;
  }
  // PGlite has one user, this process: whatever was running when it last stopped died with it.
  // On a shared PostgreSQL a job whose worker died runs again within a minute (platform/liveness.ts). The embedded
  // database has one process: what it was running when it stopped runs again at its next start.
  const liveness =
    runsJobs && database.kind === 'postgres' ? createLiveness({ database, processId: services.processId, logger }) : undefined;
  const queue = await startQueue(database, logger, {
    runsJobs,
    soleWorker: database.kind === 'pglite',
    metrics: services.metrics,
    leases: liveness?.leases,
  });
  running.queue = queue;
  services.jobs.attach(queue);
  if (runsJobs) {
    await moveOwnAudioToPrivate({ db: database.db, media, logger }).catch((error: unknown) =>
      logger.error({ err: error }, 'moving people’s audio to private storage failed; it is tried again at the next start'),
    );
    const voice = createVoicePipelineFromConfig(config.voice);
    const understanding = createUnderstanding({ contentDir: config.corpusDir });
    // Built ahead, in small steps: the first prayer after a start does not wait for its language's model.
    void understanding
      .prepare()
      .catch((error: unknown) => logger.warn({ err: error }, 'could not build the understanding ahead; it is built at the first prayer'));
    await registerPrayerGeneration(queue, {
      queries: services.records,
      understanding,
      writer: createWriterFromConfig(config.writer, { contentDir: config.corpusDir, logger, metrics: services.metrics }),
      voice,
      media,
      live,
      logger,
      onCompleted: (prayer) => services.push.prayerReady(prayer),
      metrics: services.metrics,
      concurrency: config.concurrency.prayers,
    });
    await registerPushJobs(queue, { service: services.push, logger, concurrency: config.concurrency.push });
    await registerExportJobs(queue, { service: services.exports, logger });
    if (config.voice.provider === 'espeak' || config.voice.provider === 'embedded') {
      const warm = config.voice.provider === 'embedded' ? warmEmbeddedVoice : warmEspeak;
      void warm().catch((error: unknown) => logger.warn({ err: error }, 'could not warm up the embedded voice engines'));
    }
    await registerJourneyGeneration(queue, {
      queries: services.personalizedQueries,
      understanding,
      writer: createAncestorsWriter({ contentDir: config.corpusDir }),
      voice,
      media,
      live,
      clock,
      logger,
      metrics: services.metrics,
      concurrency: config.concurrency.journeys,
    });
    await registerContentJobs(queue, {
      importContent: runImport,
      publishDaily,
      state: importState,
      cleanUp: () => removeUnreferencedMedia({ media, referencedNames: () => queries.referencedMediaNames(), logger }),
      logger,
    });
    if (liveness) {
      // A prayer starting over says so: back to pending, and its person's screens hear of it.
      liveness.onRequeue(GENERATE_PRAYER_JOB, async (data) => {
        const row = typeof data.recordId === 'string' ? await services.records.requeue(data.recordId) : undefined;
        if (row?.userId) await live.publish({ userId: row.userId, kind: 'record', id: row.id });
      });
      await liveness.start(queue);
    }
    await registerAnalyticsJobs(queue, { queries: services.analytics, clock, retentionDays: config.analyticsRetentionDays, logger });
    // Today's prayer (and the days before it) are republished at every start; new audio arrives with the import.
    await publishDaily(DAILY_BACKFILL_DAYS);
    if (!(await requestContentImport(queue, importState))) logger.info('content import: the content is imported already');
  }
  if (role === 'worker') {
    // The process id names this worker in job_leases and worker_heartbeats.
    logger.info({ processId: services.processId }, 'worker ready');
    return;
  }
  logger.info(`Selah is running at ${config.publicUrl} (${database.kind}, role ${role})`);
}

/**
 * npm run plan: through the running embedded server's admin socket when there is one, else on the database
 * directly (PostgreSQL always; PGlite when no server holds it).
 */
async function planCommand(config: AppConfig, positionals: string[], months: string | undefined): Promise<void> {
  const parsed = parsePlanCommand(positionals, months);
  if ('error' in parsed) {
    console.error(`${parsed.error}\n\n${PLAN_USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (!config.databaseUrl) {
    const answer = await askAdminSocket(adminSocketPath(config.dataDir), 'plan', { positionals, months });
    if (answer) {
      if (answer.ok) console.log(String(answer.result));
      else {
        console.error(answer.error?.message ?? 'The server could not do it.');
        process.exitCode = 1;
      }
      return;
    }
  }
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db'),
    poolSize: config.databasePoolSize,
  });
  try {
    await database.migrate();
    const services = await createServices({ config, database, logger: false });
    try {
      console.log(await runPlanCommand(services.subscriptions, parsed));
    } catch (error) {
      console.error(error instanceof Error ? error.message : String(error));
      process.exitCode = 1;
    } finally {
      await services.close();
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  // A wrong setting or command-line option: its message says what to fix.
  const isUsage = error instanceof TypeError && String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS');
  if (error instanceof ConfigError || isUsage) {
    console.error((error as Error).message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
