import type { VoiceConfig } from '../../platform/config';
import { createElevenLabsVoice } from './elevenlabs';
import { createEmbeddedVoice, EMBEDDED_ENGINES } from './embedded';
import { createEspeakVoice, ESPEAK_PITCH, ESPEAK_PITCH_RANGE, ESPEAK_VOICES } from './espeak';
import { FLITE_STRETCH, FLITE_VOICE } from './flite';
import { createOpenAiCompatibleVoice } from './openai-compatible';
import type { VoiceProvider } from './voice-provider';

/**
 * The provider VOICE_PROVIDER chose: the embedded default (Flite for English, espeak-ng for Spanish and Polish),
 * espeak-ng for every language, an OpenAI-compatible server, or ElevenLabs.
 */
export function createVoiceProvider(config: VoiceConfig): VoiceProvider {
  switch (config.provider) {
    case 'embedded':
      return createEmbeddedVoice();
    case 'espeak':
      return createEspeakVoice();
    case 'openai':
      return createOpenAiCompatibleVoice(config);
    case 'elevenlabs':
      return createElevenLabsVoice(config);
  }
}

/**
 * Names the provider and the settings that change how it sounds (never a key). Stored next to voiced content,
 * a change of it tells the content import to voice again.
 */
export function describeVoice(config: VoiceConfig): string {
  const espeak = (voices: readonly { voice: string; rate: number }[]) =>
    `espeak-ng:${voices.map(({ voice, rate }) => `${voice}@${rate}`).join(',')}:pitch${ESPEAK_PITCH}/${ESPEAK_PITCH_RANGE}`;
  switch (config.provider) {
    case 'embedded': {
      const spanishAndPolish = (['es', 'pl'] as const).filter((language) => EMBEDDED_ENGINES[language] === 'espeak-ng');
      return `embedded:en=flite:${FLITE_VOICE}@${FLITE_STRETCH};${espeak(spanishAndPolish.map((language) => ESPEAK_VOICES[language]))}`;
    }
    case 'espeak':
      return espeak(Object.values(ESPEAK_VOICES));
    case 'openai':
      return `openai:${new URL(config.baseUrl).host}:${config.model}:${config.voice}`;
    case 'elevenlabs':
      return `elevenlabs:${config.model}:${config.voiceId}`;
  }
}
