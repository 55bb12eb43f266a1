import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PauseKind } from '../text/pauses';
import type { SpeechAudio } from '../voice/voice-provider';
import { feed, runFfmpeg, startFfmpeg } from './ffmpeg';
import { loudnessGainFilter, parseIntegratedLoudness, PEAK_LIMITER_FILTER, VOICE_COMPRESSOR_FILTER } from './loudness';
import { clipsFilter, ENCODINGS, PIN_FORMAT, RAW_INPUT, SAMPLE_RATE, voiceFilter, type MasteredAudio } from './master-speech';
import { measureDuration } from './measure-audio';
import { planStreamingTimeline } from './timeline';

/** About 2 s of audio per segment: the first is out once 2 s are mastered, and a prayer has some ninety. */
const SEGMENT_SECONDS = 2;
/** The loudness is set from the first sentences, at least this much speech (or all of it, when shorter). */
const LOUDNESS_FROM_SECONDS = 2.5;
/** How often the encoder's playlist is read for new segments. */
const POLL_MS = 40;

/** A piece of the finished audio, ready to publish: MP3 in MPEG-TS, for an HLS playlist. */
export interface StreamedSegment {
  index: number;
  data: Buffer;
  seconds: number;
}

export interface StreamMasterInput {
  /** Voiced sentences, in reading order, as they are voiced. */
  clips: AsyncIterable<SpeechAudio>;
  /** The gap after each clip ('end' after the last). */
  pauses: (PauseKind | 'end')[];
  /** Each clip's expected spoken length (from the measured pace): fixes the tempo before the speech is known. */
  estimatedSpeechSeconds: number[];
  targetSeconds?: number;
  seed: string;
  workDir?: string;
  /** Called with each segment as soon as it is encoded, one at a time, in order; a rejection stops the master. */
  onSegment(segment: StreamedSegment): Promise<void>;
}

/**
 * Masters speech while it is being voiced (issue 23): one ffmpeg reads the voice as raw samples on its input
 * and encodes it once, both as HLS segments (published as each is ready) and as the single MP3 file, so the
 * finished file is the very frames that were streamed. What the whole-file master decides from the whole
 * (masterSpeech), this one decides as it goes:
 * - the tempo from the estimated length, the gaps as each sentence's length becomes known (planStreamingTimeline);
 * - the gain from the first sentences' loudness after the compressor (a voice keeps its loudness from one
 *   sentence to the next); the limiter keeps the peaks under the ceiling whatever comes.
 * The MP3 has no Xing header (it would not be the streamed frames): its CBR length is read from its size.
 */
export async function masterSpeechStreaming(input: StreamMasterInput): Promise<MasteredAudio> {
  const count = input.pauses.length;
  if (count === 0) throw new Error('Nothing to master: no sentences');
  if (input.estimatedSpeechSeconds.length !== count) throw new Error('Nothing to master: an estimate is needed for every clip');
  const plan = planStreamingTimeline({
    speechSeconds: input.estimatedSpeechSeconds,
    pauses: input.pauses,
    ambient: false,
    targetSeconds: input.targetSeconds,
    seed: input.seed,
  });
  const dir = await mkdtemp(path.join(input.workDir ?? tmpdir(), 'selah-stream-'));
  const silence = (seconds: number) => Buffer.alloc(Math.round(seconds * plan.tempo * SAMPLE_RATE) * 4);
  let encoder: ReturnType<typeof startFfmpeg> | undefined;
  let publisher: ReturnType<typeof publishSegments> | undefined;
  try {
    const waiting: Buffer[] = [];
    let index = 0;
    const push = async (samples: Buffer) => {
      const gap = plan.gapAfter(index, samples.length / 4 / SAMPLE_RATE);
      index += 1;
      if (encoder) await feed(encoder, Buffer.concat([samples, silence(gap)]));
      else waiting.push(samples, silence(gap));
    };
    const start = async () => {
      // The gain, from what has been voiced so far, through the same tempo and compressor as the rest.
      const sample = path.join(dir, 'first.f32');
      await writeFile(sample, Buffer.concat(waiting));
      const measured = await runFfmpeg([
        ...RAW_INPUT,
        '-i',
        sample,
        '-filter_complex',
        voiceFilter(plan.tempo),
        '-map',
        '[voice]',
        '-f',
        'null',
        '-',
        '-map',
        '[measured]',
        '-f',
        'null',
        '-',
      ]);
      encoder = startEncoder(dir, plan.tempo, parseIntegratedLoudness(measured.stderr));
      // Awaited at the end; a failure before then kills it, and its rejection is that failure's, not another.
      encoder.finished.catch(() => undefined);
      publisher = publishSegments(dir, input.onSegment);
      await feed(encoder, Buffer.concat([silence(plan.leadInSeconds), ...waiting.splice(0)]));
    };

    let spoken = 0;
    for await (const clip of input.clips) {
      if (index >= count) throw new Error('More clips than sentences');
      const samples = await trimClip(clip, dir, index);
      await push(samples);
      spoken += samples.length / 4 / SAMPLE_RATE;
      if (!encoder && (spoken >= LOUDNESS_FROM_SECONDS || index === count)) await start();
      publisher?.throwIfFailed();
    }
    if (index !== count) throw new Error(`${count - index} sentences were not voiced`);
    if (!encoder || !publisher) throw new Error('Nothing to master: the speech is empty');
    encoder.stdin!.end();
    await encoder.finished;
    await publisher.finish();

    const file = path.join(dir, 'master.mp3');
    const timeline = plan.timeline();
    return {
      data: await readFile(file),
      durationSeconds: await measureDuration(file),
      contentType: 'audio/mpeg',
      extension: 'mp3',
      speechSeconds: timeline.clipSeconds.reduce((total, seconds) => total + seconds, 0),
      timeline,
    };
  } catch (error) {
    encoder?.kill();
    throw error;
  } finally {
    publisher?.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

/** One clip as raw mono samples at SAMPLE_RATE, its silence trimmed (as masterSpeech does for all at once). */
async function trimClip(clip: SpeechAudio, dir: string, index: number): Promise<Buffer> {
  const file = path.join(dir, `clip-${index}.${clip.extension}`);
  await writeFile(file, clip.data);
  const { stdout } = await runFfmpeg(['-i', file, '-filter_complex', clipsFilter(1), '-map', '[clip0]', '-f', 'f32le', 'pipe:1']);
  await rm(file, { force: true });
  return stdout;
}

/** The encoder: tempo, compressor, the fixed gain and the limiter, once, to HLS segments and to one MP3 file. */
function startEncoder(dir: string, tempo: number, measuredLufs: number) {
  const atempo = Math.abs(tempo - 1) > 1e-4 ? `atempo=${tempo.toFixed(4)},` : '';
  const graph = `[0:a]${atempo}${VOICE_COMPRESSOR_FILTER},${PIN_FORMAT},${loudnessGainFilter(measuredLufs)},${PEAK_LIMITER_FILTER}[out]`;
  const hls = `f=hls:hls_time=${SEGMENT_SECONDS}:hls_playlist_type=event:hls_segment_filename=${dir}/segment-%05d.ts`;
  return startFfmpeg(
    [
      ...RAW_INPUT,
      '-i',
      'pipe:0',
      '-filter_complex',
      graph,
      '-map',
      '[out]',
      '-ac',
      '1',
      '-ar',
      String(SAMPLE_RATE),
      ...ENCODINGS.mp3.args,
      '-f',
      'tee',
      `[${hls}]${dir}/playlist.m3u8|[f=mp3:write_xing=0:id3v2_version=0]${dir}/master.mp3`,
    ],
    { stdin: true },
  );
}

/**
 * Reads the encoder's playlist every POLL_MS and hands each newly listed segment (complete once listed) to
 * `onSegment`, in order, one at a time.
 */
function publishSegments(dir: string, onSegment: StreamMasterInput['onSegment']) {
  let published = 0;
  let chain: Promise<void> = Promise.resolve();
  let failure: unknown;
  let reading = false;
  const check = () => {
    if (reading || failure !== undefined) return;
    reading = true;
    chain = chain
      .then(async () => {
        const listed = await readFile(path.join(dir, 'playlist.m3u8'), 'utf8').catch(() => '');
        for (const segment of listedSegments(listed).slice(published)) {
          const data = await readFile(path.join(dir, segment.file));
          await onSegment({ index: published, data, seconds: segment.seconds });
          published += 1;
        }
      })
      .catch((error: unknown) => {
        failure = error;
      })
      .finally(() => {
        reading = false;
      });
  };
  const timer = setInterval(check, POLL_MS);
  return {
    check,
    stop: () => clearInterval(timer),
    throwIfFailed() {
      if (failure !== undefined) throw failure instanceof Error ? failure : new Error(String(failure));
    },
    /** After the encoder has finished: the last segments, then any failure of the publishing. */
    async finish() {
      clearInterval(timer);
      await chain;
      check();
      await chain;
      if (failure !== undefined) throw failure instanceof Error ? failure : new Error(String(failure));
    },
  };
}

/** The segments an HLS playlist lists, in order, with their lengths. */
export function listedSegments(playlist: string): { file: string; seconds: number }[] {
  const segments: { file: string; seconds: number }[] = [];
  let seconds: number | undefined;
  for (const line of playlist.split('\n').map((text) => text.trim())) {
    const extinf = /^#EXTINF:([\d.]+)/.exec(line);
    if (extinf) seconds = Number(extinf[1]);
    else if (line && !line.startsWith('#') && seconds !== undefined) {
      segments.push({ file: line, seconds });
      seconds = undefined;
    }
  }
  return segments;
}
