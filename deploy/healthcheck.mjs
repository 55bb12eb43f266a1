// The container's HEALTHCHECK: /health of this process, on PORT, or on WORKER_PORT for a worker (--role worker).
// Exits 0 when it answers 200 within 4 s.
import { readFileSync } from 'node:fs';

const worker =
  (() => {
    try {
      return readFileSync('/proc/1/cmdline', 'utf8').split('\0').join(' ').includes('--role worker');
    } catch {
      return process.env.SELAH_ROLE === 'worker';
    }
  })() || process.env.SELAH_ROLE === 'worker';
const port = worker ? (process.env.WORKER_PORT ?? '8081') : (process.env.PORT ?? '8080');

try {
  const response = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(4000) });
  process.exit(response.ok ? 0 : 1);
} catch {
  process.exit(1);
}
