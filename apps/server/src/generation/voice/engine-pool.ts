import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { VoiceProviderError } from './voice-provider';

/** 16-bit PCM of one sentence, as an engine on a worker thread answers. */
export interface EngineResult {
  samples: Int16Array;
  sampleRate: number;
  /** What the engine printed when it produced nothing (for the error message). */
  messages: string;
}

interface Job {
  resolve: (result: EngineResult) => void;
  reject: (error: Error) => void;
}

/** A worker script next to this module in src/ (tests), next to main.js in dist/ (build.mjs copies it). */
export function engineWorkerUrl(provider: string, file: string): URL {
  const url = new URL(`./${file}`, import.meta.url);
  if (!existsSync(url)) throw new VoiceProviderError(provider, `the engine's worker script is missing: ${url.pathname}`);
  return url;
}

/** What the pool needs of a worker thread or a child process. */
interface EngineHost {
  on(event: 'message', listener: (message: never) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  postMessage(message: unknown): void;
  ref(): void;
  unref(): void;
}

/** A child process (IPC with structured clone, so samples arrive as an Int16Array) behind the thread's interface. */
function childHost(url: URL): EngineHost {
  const child: ChildProcess = fork(url, [], {
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    // Not the parent's flags (a test runner's loaders). Node 20 calls WASI experimental, which is expected here;
    // the engine frees each sentence's instance at once (global.gc), before the next takes its memory.
    execArgv: ['--disable-warning=ExperimentalWarning', '--expose-gc'],
  });
  const host: EngineHost = {
    on(event: 'message' | 'error', listener: (value: never) => void) {
      child.on(event, listener as never);
      // A process that ends is an error for the sentences it had.
      if (event === 'error')
        child.on('exit', (code, signal) => listener(new Error(`the engine process ended (${signal ?? code})`) as never));
      return host;
    },
    postMessage: (message) => void child.send(message as never),
    ref: () => {
      child.ref();
      child.channel?.ref();
    },
    unref: () => {
      child.unref();
      child.channel?.unref();
    },
  };
  return host;
}

/**
 * A small pool of speech engines (WebAssembly), shared by every provider instance in the process: on worker
 * threads, or in child processes for an engine that must not share a process with another instance of itself
 * (Flite on WASI: two instances on two threads of one process crash Node 20). Sentences go to the least busy
 * engine, so several are voiced at once on several cores while the main thread keeps serving requests; idle
 * engines do not keep the process alive.
 */
export class EnginePool<Request extends object> {
  private readonly workers: { worker: EngineHost; pending: Map<number, Job> }[] = [];
  private nextId = 1;

  constructor(
    private readonly url: () => URL,
    readonly size: number,
    private readonly host: 'thread' | 'process' = 'thread',
  ) {}

  private spawn() {
    const worker: EngineHost = this.host === 'process' ? childHost(this.url()) : (new Worker(this.url()) as unknown as EngineHost);
    const entry = { worker, pending: new Map<number, Job>() };
    worker.on('message', (message: { id: number; error?: string } & Partial<EngineResult>) => {
      const job = entry.pending.get(message.id);
      if (!job) return;
      entry.pending.delete(message.id);
      if (message.error !== undefined) job.reject(new Error(message.error));
      else job.resolve({ samples: message.samples!, sampleRate: message.sampleRate!, messages: message.messages ?? '' });
      if (entry.pending.size === 0) worker.unref();
    });
    worker.on('error', (error) => {
      for (const job of entry.pending.values()) job.reject(error);
      entry.pending.clear();
      const index = this.workers.indexOf(entry);
      if (index >= 0) this.workers.splice(index, 1);
    });
    worker.unref();
    this.workers.push(entry);
    return entry;
  }

  synthesize(request: Request): Promise<EngineResult> {
    const idle = this.workers.reduce<(typeof this.workers)[number] | undefined>(
      (best, entry) => (!best || entry.pending.size < best.pending.size ? entry : best),
      undefined,
    );
    const entry = idle && (idle.pending.size === 0 || this.workers.length >= this.size) ? idle : this.spawn();
    const id = this.nextId++;
    return new Promise<EngineResult>((resolve, reject) => {
      entry.pending.set(id, { resolve, reject });
      // A busy thread keeps the process alive until its sentence is done.
      entry.worker.ref();
      entry.worker.postMessage({ id, ...request });
    });
  }
}
