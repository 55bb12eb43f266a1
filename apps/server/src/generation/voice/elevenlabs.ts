import { postForSpeech } from './http-speech';
import type { SpeechAudio, SpeechRequest, VoiceProvider } from './voice-provider';

const NAME = 'elevenlabs';

export interface ElevenLabsOptions {
  /** https://api.elevenlabs.io unless a proxy sits in between. */
  baseUrl: string;
  apiKey: string;
  voiceId: string;
  /** e.g. eleven_multilingual_v2 (en, es and pl among its languages). */
  model: string;
}

/** MP3 at 44.1 kHz / 128 kbps is available on every ElevenLabs plan. */
const OUTPUT_FORMAT = 'mp3_44100_128';

/**
 * ElevenLabs text-to-speech. The voice's own stability and similarity settings apply. Models of the 2.5
 * generation accept a language code, which keeps short sentences from being read in the wrong language;
 * the others detect the language and reject the parameter.
 */
export function createElevenLabsVoice(options: ElevenLabsOptions): VoiceProvider {
  const base = options.baseUrl.replace(/\/+$/, '');
  const url = `${base}/v1/text-to-speech/${encodeURIComponent(options.voiceId)}?output_format=${OUTPUT_FORMAT}`;
  const takesLanguage = /_v2_5$/.test(options.model);
  return {
    name: NAME,
    concurrency: 2,
    async synthesize({ text, language }: SpeechRequest): Promise<SpeechAudio> {
      const data = await postForSpeech(NAME, url, {
        headers: { 'xi-api-key': options.apiKey, accept: 'audio/mpeg' },
        body: { text, model_id: options.model, ...(takesLanguage ? { language_code: language } : {}) },
      });
      return { data, extension: 'mp3' };
    },
  };
}
