import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentFingerprint } from '../src/modules/content/content.fingerprint';
import { importContent, type Voicer } from '../src/modules/content/content.import';
import { CONTENT_JOBS, registerContentJobs, requestContentImport, waitForPeoplesJobs } from '../src/modules/content/content.jobs';
import { contentQueries } from '../src/modules/content/content.queries';
import type { DatabaseHandle } from '../src/platform/db/client';
import { startQueue, type Queue } from '../src/platform/queue';
import { openTestDatabase } from './helpers';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/content');
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined } as never;

/**
 * Issue 21, item 1: the content import runs once per content change, whatever the number of workers, and gives
 * way to people's prayers.
 */
describe('the content import with several workers', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let contentDir: string;
  const queues: Queue[] = [];
  let imports = 0;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    contentDir = mkdtempSync(path.join(tmpdir(), 'selah-content-'));
    cpSync(fixtures, contentDir, { recursive: true });
  });
  afterAll(async () => {
    await Promise.all(queues.map((queue) => queue.stop({ graceful: false, wait: true, timeout: 1000 })));
    await drop?.();
    rmSync(contentDir, { recursive: true, force: true });
  });

  /** A worker: its own pg-boss on the shared database, the content jobs, and an import that takes a moment. */
  const startWorker = async () => {
    const queries = contentQueries(database.db);
    const state = {
      fingerprint: () => contentFingerprint(contentDir, 'test-voice'),
      imported: () => queries.importedFingerprint(),
      record: (fingerprint: string) => queries.recordImport(fingerprint),
    };
    const queue = await startQueue(database, silent, { runsJobs: true });
    queues.push(queue);
    await registerContentJobs(queue, {
      importContent: async () => {
        imports += 1;
        await new Promise((resolve) => setTimeout(resolve, 300));
      },
      publishDaily: async () => undefined,
      state,
      logger: silent,
    });
    return { queue, state };
  };

  const settled = async () => {
    await expect
      .poll(
        async () => {
          const { rows } = await database.query(
            `SELECT count(*)::int AS open FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry', 'active')`,
            [CONTENT_JOBS.importContent],
          );
          return Number(rows[0]?.open);
        },
        { timeout: 30_000, interval: 200 },
      )
      .toBe(0);
  };

  it('imports once when two workers start together, and not again until the content changes', { timeout: 90_000 }, async () => {
    // PostgreSQL: two processes start at once. PGlite has one connection, shared here by both (one at a time).
    const workers =
      database.kind === 'postgres' ? await Promise.all([startWorker(), startWorker()]) : [await startWorker(), await startWorker()];
    const asked = await Promise.all(workers.map(({ queue, state }) => requestContentImport(queue, state)));
    expect(asked).toEqual([true, true]);
    await expect.poll(() => imports, { timeout: 30_000 }).toBe(1);
    await settled();
    expect(imports).toBe(1);

    // A third worker starts, the others restart: nothing to import.
    const third = await startWorker();
    const again = await Promise.all([...workers, third].map(({ queue, state }) => requestContentImport(queue, state)));
    expect(again).toEqual([false, false, false]);

    // The content changes: one more import, whichever worker asks.
    writeFileSync(path.join(contentDir, 'categories.json.extra'), 'a new file');
    const changed = await Promise.all([...workers, third].map(({ queue, state }) => requestContentImport(queue, state)));
    expect(changed).toEqual([true, true, true]);
    await expect.poll(() => imports, { timeout: 30_000 }).toBe(2);
    await settled();
    expect(imports).toBe(2);
  });

  it('fingerprints the files and the voice: a changed byte, a new file or another voice is new content', async () => {
    const first = await contentFingerprint(contentDir, 'voice-a');
    expect(await contentFingerprint(contentDir, 'voice-a')).toBe(first);
    expect(await contentFingerprint(contentDir, 'voice-b')).not.toBe(first);
    writeFileSync(path.join(contentDir, 'categories.json.extra'), 'a changed file');
    expect(await contentFingerprint(contentDir, 'voice-a')).not.toBe(first);
  });
});

describe("the content import gives way to people's prayers", () => {
  it('waits before each file while a prayer or a journey is queued or running', async () => {
    let busyAnswers = 3;
    const asked: unknown[] = [];
    const database = {
      query: async (_sql: string, values?: unknown[]) => {
        asked.push(values?.[0]);
        return { rows: [{ busy: busyAnswers-- > 0 }] };
      },
    };
    const wait = waitForPeoplesJobs(database, ['generate-prayer', 'generate-personalized-journey'], silent, 1);
    await wait();
    expect(asked).toHaveLength(4);
    expect(asked[0]).toEqual(['generate-prayer', 'generate-personalized-journey']);
    // A database that cannot answer does not hold the import.
    await waitForPeoplesJobs({ query: () => Promise.reject(new Error('no pgboss schema')) }, ['generate-prayer'], silent, 1)();
  });

  it('asks before voicing each file', async () => {
    const { database, drop } = await openTestDatabase();
    try {
      const order: string[] = [];
      const voicer: Voicer = {
        id: 'fake',
        voice: async () => {
          order.push('voice');
          return { data: Buffer.from('audio'), durationSeconds: 1, contentType: 'audio/mpeg', extension: 'mp3' };
        },
      };
      let stored = 0;
      const summary = await importContent({
        contentDir: fixtures,
        queries: contentQueries(database.db),
        voicer,
        media: { put: async () => `/media/${(stored += 1)}.mp3` },
        logger: silent,
        beforeEachFile: async () => void order.push('wait'),
      });
      expect(summary.voiced).toBeGreaterThan(0);
      expect(order.filter((step) => step === 'wait')).toHaveLength(summary.voiced);
      expect(order.filter((step) => step === 'voice')).toHaveLength(summary.voiced);
      // Each file waits before it is voiced (two at a time: each voice follows a wait).
      for (let i = 0, waits = 0; i < order.length; i += 1) {
        if (order[i] === 'wait') waits += 1;
        else expect(waits).toBeGreaterThanOrEqual(order.slice(0, i + 1).filter((step) => step === 'voice').length);
      }
    } finally {
      await drop();
    }
  });
});

describe('a content import that failed', () => {
  it('resumes where it stopped: the next run voices only what was not stored', async () => {
    const { database, drop } = await openTestDatabase();
    try {
      let voiced = 0;
      const voicer = (failAt?: number): Voicer => ({
        id: 'fake',
        voice: async ({ text }) => {
          if (failAt !== undefined && voiced >= failAt) throw new Error('the voice stopped');
          voiced += 1;
          return { data: Buffer.from(`audio of ${text}`), durationSeconds: 1, contentType: 'audio/mpeg', extension: 'mp3' };
        },
      });
      let stored = 0;
      // Saves of voiced files, counted: the failed run's last file may still be saving when the error comes.
      let saved = 0;
      const real = contentQueries(database.db);
      const queries = new Proxy(real, {
        get: (target, key: keyof typeof real) =>
          typeof key === 'string' && ['setTranslationAudio', 'setCycleTranslation', 'setJourneyDayAudio'].includes(key)
            ? async (...args: unknown[]) => {
                const result = await (target[key] as (...a: unknown[]) => Promise<unknown>)(...args);
                saved += 1;
                return result;
              }
            : target[key],
      });
      const deps = {
        contentDir: fixtures,
        queries,
        media: { put: async () => `/media/${String(stored++).padStart(64, '0')}.mp3` },
        logger: silent,
      };
      await expect(importContent({ ...deps, voicer: voicer(5) })).rejects.toThrow('the voice stopped');
      const done = voiced;
      expect(done).toBeGreaterThanOrEqual(5);
      await expect.poll(() => saved).toBe(done);
      const resumed = await importContent({ ...deps, voicer: voicer() });
      expect(resumed.unchanged).toBe(done);
      expect(resumed.voiced + resumed.unchanged).toBe(voiced);
      // And a third run has nothing left to voice.
      expect((await importContent({ ...deps, voicer: voicer() })).voiced).toBe(0);
    } finally {
      await drop();
    }
  });
});
