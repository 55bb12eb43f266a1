import type { VoiceConfig } from '../../platform/config';
import { createElevenLabsVoice } from './elevenlabs';
import { createEspeakVoice, ESPEAK_PITCH, ESPEAK_PITCH_RANGE, ESPEAK_VOICES } from './espeak';
import { createOpenAiCompatibleVoice } from './openai-compatible';
import type { VoiceProvider } from './voice-provider';

/** The provider VOICE_PROVIDER chose: espeak-ng (embedded default), an OpenAI-compatible server, or ElevenLabs. */
export function createVoiceProvider(config: VoiceConfig): VoiceProvider {
  switch (config.provider) {
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
  switch (config.provider) {
    case 'espeak': {
      const voices = Object.values(ESPEAK_VOICES).map(({ voice, rate }) => `${voice}@${rate}`);
      return `espeak-ng:${voices.join(',')}:pitch${ESPEAK_PITCH}/${ESPEAK_PITCH_RANGE}`;
    }
    case 'openai':
      return `openai:${new URL(config.baseUrl).host}:${config.model}:${config.voice}`;
    case 'elevenlabs':
      return `elevenlabs:${config.model}:${config.voiceId}`;
  }
}
