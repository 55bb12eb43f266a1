import type { Language } from '@selah/domain/languages';

/** Encoded speech as a provider returns it; ffmpeg reads any of these formats when mastering. */
export interface SpeechAudio {
  data: Buffer;
  /** File extension that names the container: 'wav', 'mp3', ... */
  extension: string;
}

export interface SpeechRequest {
  /** One sentence (or a short phrase) of plain text. */
  text: string;
  language: Language;
}

/** Turns one sentence into speech. Implementations: espeak-ng (embedded), OpenAI-compatible, ElevenLabs. */
export interface VoiceProvider {
  /** Short name for logs and error messages. */
  readonly name: string;
  /** How many sentences the pipeline may voice at once with this provider. */
  readonly concurrency: number;
  /** Words a minute of speech with sentence gaps, as measured for the language (bench:voice); the pipeline measures its own from then on. */
  readonly wordsPerMinute?: Partial<Record<Language, number>>;
  synthesize(request: SpeechRequest): Promise<SpeechAudio>;
}

/** A provider failed to voice a sentence: the message names the provider and what went wrong. */
export class VoiceProviderError extends Error {
  constructor(
    readonly provider: string,
    message: string,
    readonly status?: number,
    /** Worth another try later: the network failed, the provider was busy (429) or broken (5xx). */
    readonly retryable: boolean = status === 429 || (status !== undefined && status >= 500),
  ) {
    super(`${provider}: ${message}`);
    this.name = 'VoiceProviderError';
  }
}
