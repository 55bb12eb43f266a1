import cliProgress from 'cli-progress';
import type { FastifyBaseLogger } from 'fastify';
import type { ImportProgress } from './content.import';

/** A progress bar on a terminal; elsewhere (logs, CI) a line every tenth of the way. */
export function importProgress(logger: FastifyBaseLogger): ImportProgress {
  if (process.stderr.isTTY) {
    const bar = new cliProgress.SingleBar(
      { format: 'Voicing content {bar} {value}/{total} {label}', hideCursor: true, clearOnComplete: false, stream: process.stderr },
      cliProgress.Presets.shades_classic,
    );
    let started = false;
    return {
      start: (total) => {
        if (total === 0) return;
        started = true;
        bar.start(total, 0, { label: '' });
      },
      advance: (label) => bar.increment(1, { label }),
      stop: () => {
        if (started) bar.stop();
      },
    };
  }
  let total = 0;
  let done = 0;
  let lastTenth = 0;
  return {
    start: (count) => {
      total = count;
    },
    advance: (label) => {
      done++;
      const tenth = Math.floor((done / total) * 10);
      if (tenth > lastTenth || done === total) {
        lastTenth = tenth;
        logger.info({ done, total, last: label }, `voicing content ${Math.round((done / total) * 100)}%`);
      }
    },
    stop: () => undefined,
  };
}
