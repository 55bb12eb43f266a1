import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * This process's Prometheus metrics (prom-client), served at /metrics by the API and by workers on their own
 * port (issue 21). Everything is measured where it happens: HTTP requests (app.ts), jobs (platform/queue.ts),
 * generation stages (the prayer and journey jobs); what is read on demand comes from `observe` (the queue's jobs
 * by state, open event streams, the database pool).
 */
export interface MetricsSources {
  /** Jobs by queue and state (pg-boss's table), read at each scrape. */
  jobs?: () => Promise<Array<{ queue: string; state: string; count: number }>>;
  /** Event streams this process holds open. */
  eventStreams?: () => number;
  /** The PostgreSQL pool's connections (none for the embedded database). */
  pool?: () => { total: number; idle: number; waiting: number } | null;
}

/** The states pg-boss counts as waiting to run. */
const WAITING = new Set(['created', 'retry']);
/** pg-boss's own internal queues are not the app's. */
const isOwnQueue = (queue: string) => !queue.startsWith('__pgboss');

export function createMetrics(options: { processMetrics?: boolean } = {}) {
  const registry = new Registry();
  // Node's own (CPU, memory, event loop, handles): once per process; tests build many apps in one.
  if (options.processMetrics !== false) collectDefaultMetrics({ register: registry, prefix: 'selah_process_' });
  const sources: MetricsSources = {};

  const httpDuration = new Histogram({
    name: 'selah_http_request_duration_seconds',
    help: 'HTTP requests by method, route (the pattern, not the address) and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'selah_job_duration_seconds',
    help: 'Jobs run by this process, by queue and outcome (completed or failed)',
    labelNames: ['queue', 'outcome'] as const,
    buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
    registers: [registry],
  });
  const generationStage = new Histogram({
    name: 'selah_generation_stage_seconds',
    help: 'Time of each stage of a personal prayer or a journey day: write, voice, finish (master and store)',
    labelNames: ['kind', 'stage'] as const,
    buckets: [0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60, 120],
    registers: [registry],
  });

  // The chat writer (LLM_BASE_URL, issue 47): what happened to its answers, never what the person wrote.
  const chatWriter = {
    answers: new Counter({
      name: 'selah_chat_writer_answers_total',
      help: 'Prayers asked of the chat writer, by outcome: used (at the first ask), used_when_asked_again, or composer (its answers failed, the composer wrote the prayer)',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    failures: new Counter({
      name: 'selah_chat_writer_failures_total',
      help: 'Chat answers or exchanges that failed, by reason: a check (language, length, unreadable, scripture, unkind, names, malformed) or the server (timeout, unreachable, status, refused, empty, cut-off)',
      labelNames: ['reason'] as const,
      registers: [registry],
    }),
    mended: new Counter({
      name: 'selah_chat_writer_mended_total',
      help: 'What the checks mended in chat answers that were used: scripture-replaced, reference-corrected, repeat-dropped',
      labelNames: ['what'] as const,
      registers: [registry],
    }),
    checks: new Histogram({
      name: 'selah_chat_writer_check_seconds',
      help: 'Time the checks of a used chat answer took, beyond the model',
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25],
      registers: [registry],
    }),
  };

  new Gauge({
    name: 'selah_jobs',
    help: 'Jobs in the queue by queue and state (pg-boss: created, retry, active, completed, cancelled, failed)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = (await sources.jobs?.().catch(() => [])) ?? [];
      for (const { queue, state, count } of rows) if (isOwnQueue(queue)) this.set({ queue, state }, count);
    },
  });
  new Gauge({
    name: 'selah_queue_depth',
    help: 'Jobs waiting to run (created or to be retried), by queue',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const depth = new Map<string, number>();
      for (const { queue, state, count } of (await sources.jobs?.().catch(() => [])) ?? []) {
        if (isOwnQueue(queue)) depth.set(queue, (depth.get(queue) ?? 0) + (WAITING.has(state) ? count : 0));
      }
      for (const [queue, count] of depth) this.set({ queue }, count);
    },
  });
  new Gauge({
    name: 'selah_event_streams_open',
    help: 'Live event streams (GET /api/events) this process holds open',
    registers: [registry],
    collect() {
      this.set(sources.eventStreams?.() ?? 0);
    },
  });
  new Gauge({
    name: 'selah_db_pool_connections',
    help: 'PostgreSQL pool connections of this process: total, idle, and requests waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const pool = sources.pool?.();
      if (!pool) return;
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });

  return {
    registry,
    httpDuration,
    jobDuration,
    generationStage,
    chatWriter,
    /** Adds what is read at each scrape (a later call adds to, or replaces, earlier sources). */
    observe(more: MetricsSources): void {
      Object.assign(sources, more);
    },
    /** The text exposition format and its content type. */
    async render(): Promise<{ contentType: string; body: string }> {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
