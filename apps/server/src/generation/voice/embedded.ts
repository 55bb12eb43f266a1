import type { Language } from '@selah/domain/languages';
import { createEspeakVoice, warmEspeak } from './espeak';
import { createFliteVoice, warmFlite } from './flite';
import type { VoiceProvider } from './voice-provider';

/**
 * The embedded default: each language voiced by the clearest engine that installs from npm alone (decision 023):
 * Flite for English, espeak-ng for Spanish and Polish, where no better engine installs from the registries.
 */
export const EMBEDDED_ENGINES: Record<Language, 'flite' | 'espeak-ng'> = { en: 'flite', es: 'espeak-ng', pl: 'espeak-ng' };

export function createEmbeddedVoice(): VoiceProvider {
  const engines = { flite: createFliteVoice(), 'espeak-ng': createEspeakVoice() };
  return {
    name: 'embedded',
    concurrency: Math.max(engines.flite.concurrency, engines['espeak-ng'].concurrency),
    wordsPerMinute: {
      en: engines[EMBEDDED_ENGINES.en].wordsPerMinute?.en,
      es: engines[EMBEDDED_ENGINES.es].wordsPerMinute?.es,
      pl: engines[EMBEDDED_ENGINES.pl].wordsPerMinute?.pl,
    },
    synthesize: (request) => engines[EMBEDDED_ENGINES[request.language]].synthesize(request),
  };
}

/** Loads the embedded engines now (a worker process calls it after start), so the first prayer does not wait. */
export async function warmEmbeddedVoice(): Promise<void> {
  await Promise.all([warmFlite(), warmEspeak()]);
}
