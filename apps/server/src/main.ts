import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './platform/config';
import { openDatabase } from './platform/db/client';

/**
 * Start-up: read the configuration, open and migrate the database, then serve.
 * Roles: "all" (default, embedded: API + web + jobs in one process), "api", "worker".
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      role: { type: 'string', default: 'all' },
      'migrate-only': { type: 'boolean', default: false },
    },
  });
  const role = values.role;
  if (role !== 'all' && role !== 'api' && role !== 'worker') {
    throw new ConfigError(`Invalid --role ${role}: use all, api or worker`);
  }
  const config = loadConfig();
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db'),
  });
  await database.migrate();
  if (values['migrate-only']) {
    await database.close();
    console.log(`Migrations applied (${database.kind}).`);
    return;
  }

  const app = await buildApp({ config, database });
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('unhandledRejection', (reason) => app.log.error({ err: reason }, 'unhandled rejection'));

  if (role === 'worker') {
    // The job runner arrives with the voice pipeline; until then a worker only keeps the schema current.
    await app.ready();
    app.log.info('worker ready (no job queues are registered yet)');
    return;
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Selah is running at ${config.publicUrl} (${database.kind}, role ${role})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
