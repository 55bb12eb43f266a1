// Bundles the server into dist/main.js; npm packages stay external, workspace packages are bundled.
// `--watch` (npm run dev) bundles again whenever a source changes, until stopped.
import { copyFileSync, readFileSync } from 'node:fs';
import { build, context } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@selah/'));

const options = {
  entryPoints: [new URL('./src/main.ts', import.meta.url).pathname],
  outfile: new URL('./dist/main.js', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, 'better-auth/*', 'drizzle-orm/*', '@electric-sql/pglite/*'],
  logLevel: 'warning',
};

// The speech engines' worker threads run as files of their own, next to main.js.
const copyWorkers = () => {
  for (const worker of ['espeak-worker.mjs', 'flite-worker.mjs']) {
    copyFileSync(new URL(`./src/generation/voice/${worker}`, import.meta.url), new URL(`./dist/${worker}`, import.meta.url));
  }
};

if (process.argv.includes('--watch')) {
  copyWorkers();
  const watching = await context({ ...options, logLevel: 'info' });
  await watching.watch();
} else {
  await build(options);
  copyWorkers();
}
