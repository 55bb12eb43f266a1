// Data-layer and API suites: always on PGlite; also on PostgreSQL when TEST_DATABASE_URL is set.
import { spawnSync } from 'node:child_process';

const extra = process.argv.slice(2);
const run = (label, env) => {
  console.log(`\n== integration tests on ${label}`);
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'integration', ...extra], { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

const { TEST_DATABASE_URL, ...withoutPostgres } = process.env;
run('PGlite', withoutPostgres);
if (TEST_DATABASE_URL) run(`PostgreSQL (${new URL(TEST_DATABASE_URL).host})`, process.env);
