import type { Language } from '@selah/domain/languages';
import type { VoiceConfig } from '../platform/config';
import { mapWithConcurrency } from './map-with-concurrency';
import { masterSpeech, type MasteredAudio } from './master/master-speech';
import { splitIntoParagraphs, splitIntoSentences } from './text/split-sentences';
import { createVoiceProvider, describeVoice } from './voice/create-voice-provider';
import type { VoiceProvider } from './voice/voice-provider';

export interface VoiceTextInput {
  /** Plain text; blank lines separate paragraphs (a longer pause). */
  text: string;
  language: Language;
  /** Lay the soft ambient bed under the voice. */
  ambient: boolean;
}

/** The finished file: bytes, measured duration, and how to store and serve it. */
export type VoicedText = MasteredAudio;

export interface VoicePipeline {
  /** Identifies the voice and the mastering: when it changes, earlier files sound different from new ones. */
  readonly id: string;
  voiceText(input: VoiceTextInput): Promise<VoicedText>;
}

export interface VoicePipelineOptions {
  /** Names the voice and its settings in the pipeline's id (the provider's name unless given). */
  id?: string;
  /** Parent of the temporary working folders (the OS temp folder unless given). */
  workDir?: string;
}

/** Bump when mastering changes how files sound (pauses, bed, loudness, encoding). */
export const MASTERING_VERSION = 1;
/** Sentences voiced at once, at most (providers may allow fewer: espeak runs on the main thread). */
const MAX_CONCURRENCY = 4;

/**
 * Text in, mastered audio out: split into paragraphs and sentences, voice each sentence (at most two at a
 * time), then master them into one file.
 */
export function createVoicePipeline(provider: VoiceProvider, options: VoicePipelineOptions = {}): VoicePipeline {
  return {
    id: `${options.id ?? provider.name}+master${MASTERING_VERSION}`,
    async voiceText({ text, language, ambient }) {
      const paragraphs = splitIntoParagraphs(text).map((paragraph) => splitIntoSentences(paragraph, language));
      const sentences = paragraphs.flatMap((paragraph, p) => paragraph.map((sentence) => ({ p, sentence })));
      if (sentences.length === 0) throw new Error('Nothing to voice: the text has no words');
      const clips = await mapWithConcurrency(sentences, Math.min(MAX_CONCURRENCY, provider.concurrency), ({ sentence }) =>
        provider.synthesize({ text: sentence, language }),
      );
      const grouped = paragraphs.map(() => [] as typeof clips);
      sentences.forEach(({ p }, i) => grouped[p]!.push(clips[i]!));
      return masterSpeech({ paragraphs: grouped, ambient, workDir: options.workDir });
    },
  };
}

/** The pipeline with the provider the configuration chose. */
export function createVoicePipelineFromConfig(config: VoiceConfig, options: Omit<VoicePipelineOptions, 'id'> = {}): VoicePipeline {
  return createVoicePipeline(createVoiceProvider(config), { ...options, id: describeVoice(config) });
}
