// Cost of checking a password at sign-in: argon2id at OWASP's minimum (m = 19 MiB, t = 2, p = 1; what Selah
// stores since decision 014) against better-auth's default (scrypt N = 2^14, the hashes stored before) and
// OWASP's scrypt alternative (N = 2^17, r = 8, p = 1), measured in the same run, one after another.
// Usage: npm run bench:password [-- --runs 30]
import { scrypt } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The server's own copies of the libraries (apps/server's dependencies).
const require = createRequire(path.join(root, 'apps/server/package.json'));
const { hash, verify } = require('@node-rs/argon2');
const { hashPassword, verifyPassword } = await import(require.resolve('better-auth/crypto'));

const i = process.argv.indexOf('--runs');
const RUNS = i > 0 ? Number(process.argv[i + 1]) : 30;
const password = 'correct horse battery 1';

async function measure(label, check) {
  await check();
  const times = [];
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    await check();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(
    `${label.padEnd(44)} median ${median.toFixed(1).padStart(7)} ms   p90 ${times[Math.floor(times.length * 0.9)].toFixed(1).padStart(7)} ms`,
  );
  return median;
}

console.log(
  `${cpus()[0]?.model} x ${cpus().length}, load ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}, ${RUNS} runs each\n`,
);
const argon = await hash(password, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
const a = await measure('argon2id m=19 MiB t=2 p=1 (verify)', () => verify(argon, password));
const legacy = await hashPassword(password);
const b = await measure('scrypt N=2^14 r=16 p=1, better-auth (verify)', () => verifyPassword({ hash: legacy, password }));
const c = await measure(
  'scrypt N=2^17 r=8 p=1 (derive)',
  () =>
    new Promise((resolve, reject) =>
      scrypt(password, 'a-sixteen-b-salt', 64, { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 }, (error, key) =>
        error ? reject(error) : resolve(key),
      ),
    ),
);
console.log(`\nargon2id / better-auth scrypt: ${(a / b).toFixed(2)}x; argon2id / scrypt 2^17: ${(a / c).toFixed(2)}x`);
