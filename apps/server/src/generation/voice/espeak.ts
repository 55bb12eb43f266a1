import { setImmediate as nextTick } from 'node:timers/promises';
import createESpeakNG, { type ESpeakNGWorker } from '@echogarden/espeak-ng-emscripten';
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

/** espeak reads SSML: the characters that would start markup are escaped. */
const escapeSsml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

let engine: Promise<{ worker: ESpeakNGWorker; messages: string[] }> | undefined;

/** One engine per process, shared by every provider instance (it is synchronous, so sharing costs nothing). */
function loadEngine() {
  engine ??= (async () => {
    const messages: string[] = [];
    const keep = (text: string) => {
      messages.push(text);
      if (messages.length > 5) messages.shift();
    };
    const module = await createESpeakNG({ print: keep, printErr: keep });
    return { worker: new module.eSpeakNGWorker(), messages };
  })().catch((error: unknown) => {
    engine = undefined;
    throw new VoiceProviderError(NAME, `could not load the engine: ${error instanceof Error ? error.message : String(error)}`);
  });
  return engine;
}

export function createEspeakVoice(): VoiceProvider {
  return {
    name: NAME,
    // Synthesis runs on the main thread; voicing two sentences "at once" would only interleave them.
    concurrency: 1,
    async synthesize({ text, language }: SpeechRequest): Promise<SpeechAudio> {
      const { worker, messages } = await loadEngine();
      const settings = ESPEAK_VOICES[language];
      // Let pending I/O run between sentences: one sentence takes a few tens of milliseconds of CPU.
      await nextTick();
      const status = worker.set_voice(settings.voice);
      if (status !== 0) throw new VoiceProviderError(NAME, `voice ${settings.voice} is not available (status ${status})`);
      worker.set_rate(settings.rate);
      worker.set_pitch(ESPEAK_PITCH);
      worker.set_range(ESPEAK_PITCH_RANGE);
      const chunks: Int16Array[] = [];
      worker.synthesize(escapeSsml(text), (samples) => {
        chunks.push(samples);
        return false;
      });
      const length = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
      if (length === 0) {
        throw new VoiceProviderError(NAME, `no audio for "${text.slice(0, 40)}"${messages.length ? ` (${messages.join('; ')})` : ''}`);
      }
      const samples = new Int16Array(length);
      let offset = 0;
      for (const chunk of chunks) {
        samples.set(chunk, offset);
        offset += chunk.length;
      }
      return { data: encodeWav(samples, worker.samplerate), extension: 'wav' };
    },
  };
}
