// `npm run dev`: the web app from Vite's dev server with hot reload (http://localhost:5173, /api and /media
// proxied to the server), and the server in watch mode (bundled again by esbuild as its sources change, and
// restarted by node --watch), in development mode. Reads .env like npm start. Ctrl-C stops all three.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';
import { loadEnv } from './load-env.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (loadEnv(root)) console.log('== settings read from .env');
// The server serves the built web app too; a first build makes sure everything it reads exists.
buildIfStale();

const port = process.env.PORT ?? '8080';
const env = { ...process.env, NODE_ENV: 'development', API_URL: process.env.API_URL ?? `http://localhost:${port}` };
const children = [];
let stopping = false;
const stop = (code) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
};
const run = (args, options = {}) => {
  const child = spawn(process.execPath, args, { stdio: 'inherit', env, ...options });
  children.push(child);
  child.on('exit', (code) => stop(code ?? 1));
  return child;
};
// The server starts once the watching bundler has written its first bundle (else node --watch would restart it);
// esbuild reports on stderr.
const bundler = run([path.join(root, 'apps/server/build.mjs'), '--watch'], { stdio: ['ignore', 'inherit', 'pipe'] });
let serverStarted = false;
bundler.stderr.on('data', (chunk) => {
  process.stderr.write(chunk);
  if (!serverStarted && String(chunk).includes('build finished')) {
    serverStarted = true;
    run(['--watch', '--enable-source-maps', path.join(root, 'apps/server/dist/main.js')]);
  }
});
run([path.join(root, 'node_modules/vite/bin/vite.js'), '--strictPort'], { cwd: path.join(root, 'apps/web') });
console.log(`== the web app with hot reload: http://localhost:5173 (the server on :${port} restarts as its sources change)`);

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));
