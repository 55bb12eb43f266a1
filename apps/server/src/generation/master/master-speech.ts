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
import { planTimeline, type Timeline } from './timeline';
import type { PauseKind } from '../text/pauses';

/** Mono speech: 24 kHz keeps all of a voice and is what OpenAI-style voices produce. */
export const SAMPLE_RATE = 24_000;
/** 56 kbps: a 3:15 prayer (the longest allowed) stays within 1.5 MB; at mono speech it sounds as 64 did. */
export const BITRATE = '56k';
/** Mono 32-bit float at SAMPLE_RATE, stated where ffmpeg could otherwise pick another format for a branch. */
export const PIN_FORMAT = `aformat=sample_fmts=flt:sample_rates=${SAMPLE_RATE}:channel_layouts=mono`;
/** Quieter than this is silence around a clip (trimmed, so every pause has the length chosen here). */
const SILENCE_THRESHOLD = '-50dB';

export interface MasterInput {
  /** Voiced sentences, in reading order. */
  clips: SpeechAudio[];
  /** The gap after each clip ('end' after the last): see text/pauses. */
  pauses: (PauseKind | 'end')[];
  /** Lay the soft ambient bed under the voice. */
  ambient: boolean;
  /** The length to meet (gaps within their ranges, then the tempo within 8%); without it, natural gaps. */
  targetSeconds?: number;
  /** Makes the gaps repeatable: the same text masters the same way. */
  seed: string;
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
  /** Seconds of speech (silence trimmed, before any tempo change), and where the quiet went. */
  speechSeconds: number;
  timeline: Timeline;
}

/** The two encodings: MP3 (CBR, so a minute always costs 420 KB), or AAC in an .m4a. */
export const ENCODINGS = {
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
 * The graph that prepares the clips: each is converted to mono at SAMPLE_RATE and its leading and trailing
 * silence trimmed (so every provider gets the pauses chosen here), then written out on its own.
 */
export function clipsFilter(count: number): string {
  const trim = `silenceremove=start_periods=1:start_threshold=${SILENCE_THRESHOLD}`;
  return Array.from(
    { length: count },
    (_, i) => `[${i}:a:0]aresample=${SAMPLE_RATE},${PIN_FORMAT},${trim},areverse,${trim},areverse[clip${i}]`,
  ).join(';');
}

/** The graph over the joined voice: the tempo (when not 1), a gentle compressor, and a loudness measurement. */
export function voiceFilter(tempo: number): string {
  const atempo = Math.abs(tempo - 1) > 1e-4 ? `atempo=${tempo.toFixed(4)},` : '';
  return (
    `[0:a]${atempo}${VOICE_COMPRESSOR_FILTER},${PIN_FORMAT},asplit=2[voice][measure];` +
    // ebur128 works at 48 kHz: resampling its branch keeps the voice itself at SAMPLE_RATE.
    `[measure]aresample=48000,${MEASURE_LOUDNESS_FILTER}[measured]`
  );
}

export const RAW_INPUT = ['-f', 'f32le', '-ar', String(SAMPLE_RATE), '-ac', '1'];

/**
 * Masters voiced sentences into one file: the gaps the text asks for (planTimeline), the length met when one is
 * given, an optional ambient bed, loudness normalised to about -16 LUFS, mono MP3 at 56 kbps (420 KB a minute).
 * Works in a temporary folder that is removed afterwards, whatever happens.
 */
export async function masterSpeech(input: MasterInput): Promise<MasteredAudio> {
  const { clips } = input;
  if (clips.length === 0) throw new Error('Nothing to master: no voiced sentences');
  if (input.pauses.length !== clips.length) throw new Error('Nothing to master: a pause is needed after every clip');
  const encoding = await chooseEncoding(input.format);
  const dir = await mkdtemp(path.join(input.workDir ?? tmpdir(), 'selah-master-'));
  try {
    // 1. Each clip as raw mono samples (32-bit float), its silence trimmed: its length is now known exactly.
    const clipFiles: string[] = [];
    for (const [i, clip] of clips.entries()) {
      const file = path.join(dir, `clip-${i}.${clip.extension}`);
      await writeFile(file, clip.data);
      clipFiles.push(file);
    }
    const rawFiles = clips.map((_, i) => path.join(dir, `clip-${i}.f32`));
    await runFfmpeg([
      ...clipFiles.flatMap((file) => ['-i', file]),
      '-filter_complex',
      clipsFilter(clips.length),
      ...rawFiles.flatMap((file, i) => ['-map', `[clip${i}]`, '-f', 'f32le', file]),
    ]);
    const raw = await Promise.all(rawFiles.map((file) => readFile(file)));
    const speech = raw.map((samples) => samples.length / 4 / SAMPLE_RATE);

    // 2. Where the quiet goes; the voice track joined in memory, gaps as zeros (stretched by the tempo to come).
    const timeline = planTimeline({
      speechSeconds: speech,
      pauses: input.pauses,
      ambient: input.ambient,
      targetSeconds: input.targetSeconds,
      seed: input.seed,
    });
    const silence = (seconds: number) => Buffer.alloc(Math.round(seconds * timeline.tempo * SAMPLE_RATE) * 4);
    const joinedFile = path.join(dir, 'joined.f32');
    await writeFile(
      joinedFile,
      Buffer.concat([silence(timeline.leadInSeconds), ...raw.flatMap((samples, i) => [samples, silence(timeline.gapSeconds[i]!)])]),
    );

    // 3. The tempo and the compressor, measuring the loudness on the way.
    const voiceFile = path.join(dir, 'voice.f32');
    const joined = await runFfmpeg([
      ...RAW_INPUT,
      '-i',
      joinedFile,
      '-filter_complex',
      voiceFilter(timeline.tempo),
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

    // 4. Bring it to the target loudness, lay the bed under it, encode.
    const gain = loudnessGainFilter(loudness);
    const graph = input.ambient
      ? `[0:a]${gain}[voice];${ambientBedFilter({ durationSeconds: voiceSeconds, sampleRate: SAMPLE_RATE, output: 'bed' })};` +
        // amix halves both inputs; doubling restores the voice at its normalised level.
        `[voice][bed]amix=inputs=2:duration=first:dropout_transition=0,volume=2,${PEAK_LIMITER_FILTER}[out]`
      : `[0:a]${gain},${PEAK_LIMITER_FILTER}[out]`;
    const outputFile = path.join(dir, `master.${encoding.extension}`);
    await runFfmpeg([
      ...RAW_INPUT,
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

    // 5. Measure what was made.
    const durationSeconds = await measureDuration(outputFile);
    const data = await readFile(outputFile);
    const speechSeconds = speech.reduce((total, seconds) => total + seconds, 0);
    return { data, durationSeconds, contentType: encoding.contentType, extension: encoding.extension, speechSeconds, timeline };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
