import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Language } from '@selah/domain/languages';
import { VoiceProviderError, type SpeechAudio, type SpeechRequest, type VoiceProvider } from './voice-provider';
import { encodeWav } from './wav';

/**
 * espeak-ng compiled to WebAssembly (@echogarden/espeak-ng-emscripten): the embedded voice. The engine and its
 * voice data (about 25 MB) load from the package on first use; nothing touches the network.
 *
 * Prayer pace: espeak's rate is words per minute of its own measure and differs per language, so each voice has
 * its own, chosen for about 3.5 syllables a second (about 150 words a minute of speech in English, about 135
 * with the pauses the master adds between sentences). A pitch and a pitch range a little below espeak's
 * defaults (50, 50) sound calmer without going flat.
 */
export const ESPEAK_VOICES: Record<Language, { voice: string; rate: number }> = {
  en: { voice: 'en-us', rate: 120 },
  es: { voice: 'es', rate: 120 },
  pl: { voice: 'pl', rate: 125 },
};
export const ESPEAK_PITCH = 40;
export const ESPEAK_PITCH_RANGE = 40;

const NAME = 'espeak-ng';

/** Engines on worker threads: one per core, at most 4 (each holds about 40 MB). */
export const ESPEAK_THREADS = Math.max(1, Math.min(4, availableParallelism()));

/** espeak reads SSML: the characters that would start markup are escaped. */
const escapeSsml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

interface Job {
  id: number;
  resolve: (result: { samples: Int16Array; sampleRate: number; messages: string }) => void;
  reject: (error: Error) => void;
}

/** The worker script: next to this module in src/, next to main.js in dist/ (build.mjs copies it). */
function workerUrl(): URL {
  const url = new URL('./espeak-worker.mjs', import.meta.url);
  if (!existsSync(url)) throw new VoiceProviderError(NAME, `the engine's worker script is missing: ${url.pathname}`);
  return url;
}

/**
 * A small pool of espeak engines on worker threads, shared by every provider instance in the process. Sentences
 * go to the least busy engine; the threads do not keep the process alive.
 */
class EspeakPool {
  private readonly workers: { worker: Worker; pending: Map<number, Job> }[] = [];
  private nextId = 1;

  constructor(private readonly size: number) {}

  private spawn() {
    const worker = new Worker(workerUrl());
    const entry = { worker, pending: new Map<number, Job>() };
    worker.on('message', (message: { id: number; samples?: Int16Array; sampleRate?: number; messages?: string; error?: string }) => {
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
      this.workers.splice(this.workers.indexOf(entry), 1);
    });
    worker.unref();
    this.workers.push(entry);
    return entry;
  }

  synthesize(request: { text: string; voice: string; rate: number; pitch: number; range: number }) {
    const idle = this.workers.reduce<(typeof this.workers)[number] | undefined>(
      (best, entry) => (!best || entry.pending.size < best.pending.size ? entry : best),
      undefined,
    );
    const entry = idle && (idle.pending.size === 0 || this.workers.length >= this.size) ? idle : this.spawn();
    const id = this.nextId++;
    return new Promise<{ samples: Int16Array; sampleRate: number; messages: string }>((resolve, reject) => {
      entry.pending.set(id, { id, resolve, reject });
      // A busy thread keeps the process alive until its sentence is done.
      entry.worker.ref();
      entry.worker.postMessage({ id, ...request });
    });
  }
}

let pool: EspeakPool | undefined;

/**
 * Loads every engine of the pool now (a worker process calls it after start), so the first prayer does not
 * wait about 3 s for the engines and their voice data.
 */
export async function warmEspeak(): Promise<void> {
  pool ??= new EspeakPool(ESPEAK_THREADS);
  const engines = pool;
  const { voice, rate } = ESPEAK_VOICES.en;
  await Promise.all(
    Array.from({ length: ESPEAK_THREADS }, () =>
      engines.synthesize({ text: 'Amen.', voice, rate, pitch: ESPEAK_PITCH, range: ESPEAK_PITCH_RANGE }),
    ),
  );
}

export function createEspeakVoice(): VoiceProvider {
  pool ??= new EspeakPool(ESPEAK_THREADS);
  const engines = pool;
  return {
    name: NAME,
    concurrency: ESPEAK_THREADS,
    async synthesize({ text, language }: SpeechRequest): Promise<SpeechAudio> {
      const settings = ESPEAK_VOICES[language];
      let result;
      try {
        result = await engines.synthesize({
          text: escapeSsml(text),
          voice: settings.voice,
          rate: settings.rate,
          pitch: ESPEAK_PITCH,
          range: ESPEAK_PITCH_RANGE,
        });
      } catch (error) {
        throw new VoiceProviderError(NAME, error instanceof Error ? error.message : String(error));
      }
      if (result.samples.length === 0) {
        throw new VoiceProviderError(NAME, `no audio for "${text.slice(0, 40)}"${result.messages ? ` (${result.messages})` : ''}`);
      }
      return { data: encodeWav(result.samples, result.sampleRate), extension: 'wav' };
    },
  };
}
