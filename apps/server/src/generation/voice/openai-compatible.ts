import { postForSpeech } from './http-speech';
import type { SpeechAudio, SpeechRequest, VoiceProvider } from './voice-provider';

const NAME = 'openai-compatible speech';

export interface OpenAiSpeechOptions {
  /** Server root, e.g. https://api.openai.com or http://localhost:8880 (a trailing /v1 is accepted too). */
  baseUrl: string;
  apiKey: string;
  model: string;
  voice: string;
}

/**
 * Any server that speaks OpenAI's POST /v1/audio/speech: OpenAI itself, or self-hosted Kokoro or Piper servers.
 * WAV is asked for so that the only lossy encoding is the final one; the voices are multilingual, so the
 * language follows the text.
 */
export function createOpenAiCompatibleVoice(options: OpenAiSpeechOptions): VoiceProvider {
  const url = `${options.baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '')}/v1/audio/speech`;
  return {
    name: NAME,
    concurrency: 2,
    async synthesize({ text }: SpeechRequest): Promise<SpeechAudio> {
      const data = await postForSpeech(NAME, url, {
        headers: { authorization: `Bearer ${options.apiKey}`, accept: 'audio/wav' },
        body: { model: options.model, voice: options.voice, input: text, response_format: 'wav' },
      });
      return { data, extension: 'wav' };
    },
  };
}
