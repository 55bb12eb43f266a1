import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SpeechAudio } from '../voice/voice-provider';
import { ambientBedFilter } from './ambient-bed';
import { hasEncoder, runFfmpeg } from './ffmpeg';
import {
  loudnessGainFilter,
  MEASURE_LOUDNESS_FILTER,
  parseIntegratedLoudness,
  PEAK_LIMITER_FILTER,
  VOICE_COMPRESSOR_FILTER,
} from './loudness';
import { measureDuration } from './measure-audio';

/** Silence between two sentences of a paragraph, and between two paragraphs (seconds). */
export const SENTENCE_PAUSE_SECONDS = 0.6;
export const PARAGRAPH_PAUSE_SECONDS = 1.3;
/** Silence before the first and after the last word; longer with the bed, which fades in and out there. */
const LEAD_IN_SECONDS = { plain: 0.3, ambient: 2.5 };
const TAIL_SECONDS = { plain: 0.8, ambient: 3.5 };

/** Mono speech: 24 kHz keeps all of a voice and is what OpenAI-style voices produce. */
export const SAMPLE_RATE = 24_000;
export const BITRATE = '64k';
/** Mono 32-bit float at SAMPLE_RATE, stated where ffmpeg could otherwise pick another format for a branch. */
const PIN_FORMAT = `aformat=sample_fmts=flt:sample_rates=${SAMPLE_RATE}:channel_layouts=mono`;
/** Quieter than this is silence around a clip (trimmed, so every pause has the length chosen here). */
const SILENCE_THRESHOLD = '-50dB';

export interface MasterInput {
  /** Voiced sentences, grouped by paragraph, in reading order. */
  paragraphs: SpeechAudio[][];
  /** Lay the soft ambient bed under the voice. */
  ambient: boolean;
  /** 'mp3' (the default) or 'm4a' (AAC); AAC is also what an ffmpeg without an MP3 encoder gives. */
  format?: 'mp3' | 'm4a';
  /** Where the temporary working folder goes (the OS temp folder unless given); it is removed afterwards. */
  workDir?: string;
}

export interface MasteredAudio {
  data: Buffer;
  /** Measured by decoding the finished file. */
  durationSeconds: number;
  contentType: string;
  extension: string;
}

/** The two encodings: MP3 (CBR, so a minute always costs 480 KB), or AAC in an .m4a. */
const ENCODINGS = {
  // LAME's quality 7 encodes three minutes of speech in about 1 s here against 2.1 s for its default 3, which
  // matters for the 6 s budget; at 64 kbps mono speech the difference is hard to hear.
  mp3: { args: ['-c:a', 'libmp3lame', '-b:a', BITRATE, '-compression_level', '7'], contentType: 'audio/mpeg', extension: 'mp3' },
  m4a: { args: ['-c:a', 'aac', '-b:a', BITRATE, '-movflags', '+faststart'], contentType: 'audio/mp4', extension: 'm4a' },
} as const;

/** MP3 unless asked otherwise; AAC when this ffmpeg build has no MP3 encoder. */
async function chooseEncoding(format: MasterInput['format']) {
  if (format === 'm4a' || !(await hasEncoder('libmp3lame'))) return ENCODINGS.m4a;
  return ENCODINGS.mp3;
}

/**
 * The graph that joins the clips: each is converted to mono at SAMPLE_RATE, its leading and trailing silence
 * trimmed, and the pause that follows it appended; the first gets the lead-in.
 */
export function assemblyFilter(clipsPerParagraph: readonly number[], ambient: boolean): string {
  const lead = ambient ? LEAD_IN_SECONDS.ambient : LEAD_IN_SECONDS.plain;
  const tail = ambient ? TAIL_SECONDS.ambient : TAIL_SECONDS.plain;
  const total = clipsPerParagraph.reduce((sum, count) => sum + count, 0);
  const trim = `silenceremove=start_periods=1:start_threshold=${SILENCE_THRESHOLD}`;
  const chains: string[] = [];
  let index = 0;
  for (const count of clipsPerParagraph) {
    for (let sentence = 0; sentence < count; sentence++, index++) {
      const last = index === total - 1;
      const pause = last ? tail : sentence === count - 1 ? PARAGRAPH_PAUSE_SECONDS : SENTENCE_PAUSE_SECONDS;
      const delay = index === 0 ? `,adelay=${Math.round(lead * 1000)}` : '';
      chains.push(
        `[${index}:a:0]aresample=${SAMPLE_RATE},${PIN_FORMAT},` +
          `${trim},areverse,${trim},areverse${delay},apad=pad_len=${Math.round(pause * SAMPLE_RATE)}[clip${index}]`,
      );
    }
  }
  const labels = Array.from({ length: total }, (_, i) => `[clip${i}]`).join('');
  return (
    `${chains.join(';')};${labels}concat=n=${total}:v=0:a=1,${VOICE_COMPRESSOR_FILTER},${PIN_FORMAT},asplit=2[voice][measure];` +
    // ebur128 works at 48 kHz: resampling its branch keeps the voice itself at SAMPLE_RATE.
    `[measure]aresample=48000,${MEASURE_LOUDNESS_FILTER}[measured]`
  );
}

/**
 * Masters voiced sentences into one file: pauses between sentences and longer ones between paragraphs, an
 * optional ambient bed, loudness normalised to about -16 LUFS, mono MP3 at 64 kbps (about 480 KB a minute).
 * Works in a temporary folder that is removed afterwards, whatever happens.
 */
export async function masterSpeech(input: MasterInput): Promise<MasteredAudio> {
  const paragraphs = input.paragraphs.filter((clips) => clips.length > 0);
  if (paragraphs.length === 0) throw new Error('Nothing to master: no voiced sentences');
  const encoding = await chooseEncoding(input.format);
  const dir = await mkdtemp(path.join(input.workDir ?? tmpdir(), 'selah-master-'));
  try {
    // 1. Write the clips; join them into one raw voice track (32-bit float) and measure its loudness on the way.
    const clipFiles: string[] = [];
    for (const [p, clips] of paragraphs.entries()) {
      for (const [s, clip] of clips.entries()) {
        const file = path.join(dir, `clip-${p}-${s}.${clip.extension}`);
        await writeFile(file, clip.data);
        clipFiles.push(file);
      }
    }
    const voiceFile = path.join(dir, 'voice.f32');
    const joined = await runFfmpeg([
      ...clipFiles.flatMap((file) => ['-i', file]),
      '-filter_complex',
      assemblyFilter(
        paragraphs.map((clips) => clips.length),
        input.ambient,
      ),
      '-map',
      '[voice]',
      '-f',
      'f32le',
      voiceFile,
      '-map',
      '[measured]',
      '-f',
      'null',
      '-',
    ]);
    const loudness = parseIntegratedLoudness(joined.stderr);
    const voiceSeconds = (await stat(voiceFile)).size / 4 / SAMPLE_RATE;

    // 2. Bring it to the target loudness, lay the bed under it, encode.
    const gain = loudnessGainFilter(loudness);
    const graph = input.ambient
      ? `[0:a]${gain}[voice];${ambientBedFilter({ durationSeconds: voiceSeconds, sampleRate: SAMPLE_RATE, output: 'bed' })};` +
        // amix halves both inputs; doubling restores the voice at its normalised level.
        `[voice][bed]amix=inputs=2:duration=first:dropout_transition=0,volume=2,${PEAK_LIMITER_FILTER}[out]`
      : `[0:a]${gain},${PEAK_LIMITER_FILTER}[out]`;
    const outputFile = path.join(dir, `master.${encoding.extension}`);
    await runFfmpeg([
      '-f',
      'f32le',
      '-ar',
      String(SAMPLE_RATE),
      '-ac',
      '1',
      '-i',
      voiceFile,
      '-filter_complex',
      graph,
      '-map',
      '[out]',
      '-ac',
      '1',
      '-ar',
      String(SAMPLE_RATE),
      ...encoding.args,
      outputFile,
    ]);

    // 3. Measure what was made.
    const durationSeconds = await measureDuration(outputFile);
    const data = await readFile(outputFile);
    return { data, durationSeconds, contentType: encoding.contentType, extension: encoding.extension };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
