export interface JobOptions {
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
  singletonKey?: string;
}

/** The part of pg-boss that sends (tests attach a recorder instead). */
export interface QueueLike {
  send(name: string, data: object, options: JobOptions): Promise<unknown>;
}

/** Sends jobs to the queue; routes use it, workers run the jobs. */
export interface JobSender {
  send(name: string, data: object, options?: JobOptions): Promise<void>;
}

/**
 * The server listens before the queue has started (so /health answers fast): jobs sent in that window wait
 * for `attach` instead of failing.
 */
export function deferredJobSender(): JobSender & { attach(queue: QueueLike): void; detach(): void; isRunning(): boolean } {
  let resolve!: (queue: QueueLike) => void;
  const ready = new Promise<QueueLike>((done) => (resolve = done));
  let running = false;
  return {
    attach(queue) {
      running = true;
      resolve(queue);
    },
    /** The queue is stopping (shutdown): readiness says so. */
    detach() {
      running = false;
    },
    /** Whether the queue has started and not stopped (GET /ready). */
    isRunning: () => running,
    async send(name, data, options = {}) {
      const queue = await ready;
      await queue.send(name, data, options);
    },
  };
}
