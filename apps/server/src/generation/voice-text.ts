import type { Language } from '@selah/domain/languages';
import type { VoiceConfig } from '../platform/config';
import { mapInOrder, mapWithConcurrency } from './map-with-concurrency';
import { cuesOf, type Cue } from './master/cues';
import { hasEncoder } from './master/ffmpeg';
import { masterSpeech, type MasteredAudio } from './master/master-speech';
import { masterSpeechStreaming, type StreamedSegment } from './master/stream-speech';
import { PAUSE_RANGES, parseSpokenText, type PauseKind } from './text/pauses';
import { countWords } from './text/words';
import { createVoiceProvider, describeVoice } from './voice/create-voice-provider';
import type { VoiceProvider } from './voice/voice-provider';

export interface VoiceTextInput {
  /** Plain text; blank lines separate paragraphs, [pause] and [silence] mark deliberate quiet (text/pauses). */
  text: string;
  language: Language;
  /**
   * Lay the soft ambient bed under the voice. Published audio is voice only (issue 22: the player mixes the
   * person's chosen sound); the option stays for benchmarks and comparisons.
   */
  ambient: boolean;
  /** The length to meet, in seconds (a personal prayer's 3 minutes); without it the text keeps its natural length. */
  targetSeconds?: number;
  /**
   * Master as the sentences are voiced and hand out each piece of the audio as soon as it is encoded (issue 23:
   * a personal prayer plays while it is still being voiced). The finished file is then those very pieces.
   * Ignored with the ambient bed, or when this ffmpeg has no MP3 encoder.
   */
  onSegment?: (segment: StreamedSegment) => Promise<void>;
}

/** The finished file: bytes, measured duration, how to store and serve it, and where each line is spoken. */
export type VoicedText = MasteredAudio & { cues: Cue[] };

export interface VoicePipeline {
  /** Identifies the voice and the mastering: when it changes, earlier files sound different from new ones. */
  readonly id: string;
  voiceText(input: VoiceTextInput): Promise<VoicedText>;
  /**
   * Words a minute of speech, sentence gaps included, as measured on what this pipeline voiced so far in the
   * language (the provider's figure before that): what a writer aims at to fill a length.
   */
  wordsPerMinute(language: Language): number;
}

export interface VoicePipelineOptions {
  /** Names the voice and its settings in the pipeline's id (the provider's name unless given). */
  id?: string;
  /** Parent of the temporary working folders (the OS temp folder unless given). */
  workDir?: string;
}

/** Bump when mastering changes how files sound (pauses, bed, loudness, encoding). */
export const MASTERING_VERSION = 3;
/** Sentences voiced at once, at most (providers may allow fewer: espeak runs on the main thread). */
const MAX_CONCURRENCY = 4;
/** A provider that says nothing of its pace starts from the content guide's prayer pace. */
const DEFAULT_WORDS_PER_MINUTE = 145;
/** How much one voicing moves the measured pace (a moving average: one odd text does not swing it). */
const PACE_WEIGHT = 0.3;

const naturalGap = (kind: PauseKind): number => (PAUSE_RANGES[kind].min + PAUSE_RANGES[kind].max) / 2;

/**
 * Text in, mastered audio out: split into sentences with the gap after each, voice each sentence (a few at a
 * time), then master them into one file of the asked length.
 */
export function createVoicePipeline(provider: VoiceProvider, options: VoicePipelineOptions = {}): VoicePipeline {
  const pace = new Map<Language, number>();
  const wordsPerMinute = (language: Language) => pace.get(language) ?? provider.wordsPerMinute?.[language] ?? DEFAULT_WORDS_PER_MINUTE;
  return {
    id: `${options.id ?? provider.name}+master${MASTERING_VERSION}`,
    wordsPerMinute,
    async voiceText({ text, language, ambient, targetSeconds, onSegment }) {
      const utterances = parseSpokenText(text, language);
      if (utterances.length === 0) throw new Error('Nothing to voice: the text has no words');
      const concurrency = Math.min(MAX_CONCURRENCY, provider.concurrency);
      const voice = ({ text: sentence }: { text: string }) => provider.synthesize({ text: sentence, language });
      const pauses = utterances.map((utterance) => utterance.pauseAfter);
      const seed = `${language}\n${text}`;
      // The measured pace: words over the speech and its ordinary gaps at their natural length (the deliberate
      // silences are not speech, and gaps stretched to meet a length must not make the voice seem slower).
      const ordinaryGaps = utterances
        .slice(0, -1)
        .map(({ pauseAfter }) => (pauseAfter === 'sentence' || pauseAfter === 'paragraph' ? naturalGap(pauseAfter) : 0))
        .reduce((sum, gap) => sum + gap, 0);
      const words = countWords(text);
      const streaming = onSegment !== undefined && !ambient && (await hasEncoder('libmp3lame'));
      const audio = streaming
        ? await masterSpeechStreaming({
            clips: mapInOrder(utterances, concurrency, voice),
            pauses,
            // Each sentence's share of the speech the measured pace expects.
            estimatedSpeechSeconds: utterances.map((utterance) => {
              const speech = Math.max(words * (60 / wordsPerMinute(language)) - ordinaryGaps, words / 4);
              return (speech * countWords(utterance.text)) / Math.max(1, words);
            }),
            targetSeconds,
            seed,
            workDir: options.workDir,
            onSegment,
          })
        : await masterSpeech({
            clips: await mapWithConcurrency(utterances, concurrency, voice),
            pauses,
            ambient,
            targetSeconds,
            seed,
            workDir: options.workDir,
          });
      const measured = (words / (audio.speechSeconds + ordinaryGaps)) * 60;
      if (Number.isFinite(measured) && measured > 0) {
        const previous = pace.get(language);
        pace.set(language, previous === undefined ? measured : previous + (measured - previous) * PACE_WEIGHT);
      }
      return {
        ...audio,
        cues: cuesOf(
          audio.timeline,
          utterances.map((utterance) => utterance.text),
        ),
      };
    },
  };
}

/** The pipeline with the provider the configuration chose. */
export function createVoicePipelineFromConfig(config: VoiceConfig, options: Omit<VoicePipelineOptions, 'id'> = {}): VoicePipeline {
  return createVoicePipeline(createVoiceProvider(config), { ...options, id: describeVoice(config) });
}
