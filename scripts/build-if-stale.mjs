// Builds the web app and the server bundle when their sources changed since the last build.
// `npm start` and the browser tests call this, so a fresh clone builds once and later starts are instant.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const shared = [path.join(root, 'packages/domain/src'), path.join(root, 'package-lock.json')];
const targets = [
  {
    name: 'web app',
    output: path.join(root, 'apps/web/dist/index.html'),
    inputs: [
      ...shared,
      path.join(root, 'apps/web/src'),
      path.join(root, 'apps/web/index.html'),
      path.join(root, 'apps/web/public'),
      path.join(root, 'apps/web/vite.config.ts'),
    ],
    command: ['npm', ['run', 'build', '-w', '@selah/web']],
  },
  {
    name: 'server',
    output: path.join(root, 'apps/server/dist/main.js'),
    inputs: [...shared, path.join(root, 'apps/server/src'), path.join(root, 'apps/server/build.mjs')],
    command: ['npm', ['run', 'build', '-w', '@selah/server']],
  },
];

export function buildIfStale({ force = false } = {}) {
  for (const target of targets) {
    const built = newestMtime(target.output);
    const changed = Math.max(...target.inputs.map(newestMtime));
    if (!force && built > 0 && built >= changed) continue;
    console.log(`Building the ${target.name}...`);
    execFileSync(target.command[0], target.command[1], { cwd: root, stdio: 'inherit' });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfStale({ force: process.argv.includes('--force') });
