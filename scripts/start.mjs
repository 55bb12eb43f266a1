// `npm start`: build what changed, then run the server (API + web + jobs in one process, embedded PGlite
// unless DATABASE_URL is set). Arguments after `--` go to the server, e.g. `npm start -- --role api`.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';
import { loadEnv } from './load-env.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (loadEnv(root)) console.log('== settings read from .env');
const args = process.argv.slice(2);
const dev = args.includes('--dev');
const serverArgs = args.filter((arg) => arg !== '--dev');

buildIfStale();

const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js'), ...serverArgs], {
  stdio: 'inherit',
  env: { ...process.env, ...(dev ? { NODE_ENV: 'development' } : {}) },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
