import { availableParallelism } from 'node:os';
import type { Language } from '@selah/domain/languages';
import { EnginePool, engineWorkerUrl } from './engine-pool';
import { VoiceProviderError, type SpeechAudio, type SpeechRequest, type VoiceProvider } from './voice-provider';
import { encodeWav } from './wav';

/**
 * espeak-ng compiled to WebAssembly (@echogarden/espeak-ng-emscripten): the embedded voice. The engine and its
 * voice data (about 25 MB) load from the package on first use; nothing touches the network.
 *
 * Prayer pace: espeak's rate is words per minute of its own measure and differs per language, so each voice has
 * its own, chosen for about 3.5 syllables a second; with the sentence gaps that is ESPEAK_WORDS_PER_MINUTE
 * (measured by bench:voice: Polish words are longer, so fewer fill a minute, as CONTENT.md says). A pitch and a
 * pitch range a little below espeak's defaults (50, 50) sound calmer without going flat.
 */
export const ESPEAK_VOICES: Record<Language, { voice: string; rate: number }> = {
  en: { voice: 'en-us', rate: 120 },
  es: { voice: 'es', rate: 125 },
  pl: { voice: 'pl', rate: 140 },
};
/** Words a minute of speech with its sentence gaps at those rates, measured on composer prayers. */
export const ESPEAK_WORDS_PER_MINUTE: Record<Language, number> = { en: 131, es: 123, pl: 104 };
export const ESPEAK_PITCH = 40;
export const ESPEAK_PITCH_RANGE = 40;

const NAME = 'espeak-ng';

/** Engines on worker threads: one per core, at most 4 (each holds about 40 MB). */
export const ESPEAK_THREADS = Math.max(1, Math.min(4, availableParallelism()));

/** espeak reads SSML: the characters that would start markup are escaped. */
const escapeSsml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

type EspeakRequest = { text: string; voice: string; rate: number; pitch: number; range: number };
let pool: EnginePool<EspeakRequest> | undefined;
const newPool = () => new EnginePool<EspeakRequest>(() => engineWorkerUrl(NAME, 'espeak-worker.mjs'), ESPEAK_THREADS);

/**
 * Loads every engine of the pool now (a worker process calls it after start), so the first prayer does not
 * wait about 3 s for the engines and their voice data.
 */
export async function warmEspeak(): Promise<void> {
  pool ??= newPool();
  const engines = pool;
  const { voice, rate } = ESPEAK_VOICES.en;
  await Promise.all(
    Array.from({ length: ESPEAK_THREADS }, () =>
      engines.synthesize({ text: 'Amen.', voice, rate, pitch: ESPEAK_PITCH, range: ESPEAK_PITCH_RANGE }),
    ),
  );
}

export function createEspeakVoice(): VoiceProvider {
  pool ??= newPool();
  const engines = pool;
  return {
    name: NAME,
    concurrency: ESPEAK_THREADS,
    wordsPerMinute: ESPEAK_WORDS_PER_MINUTE,
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
