import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BED_LOOP, type BedId } from '@selah/domain/player';
import { ambientBedFilter } from './ambient-bed';
import { hasEncoder, runFfmpeg } from './ffmpeg';
import { MEASURE_LOUDNESS_FILTER, parseIntegratedLoudness } from './loudness';
import { measureDuration } from './measure-audio';

/**
 * The background sounds the player lays under the voice (issue 22), all made here by ffmpeg's own sources, so
 * nothing is borrowed and every file is the same on every machine:
 * - pad: the soft chords that used to be mixed into every file (ambient-bed.ts);
 * - rain: pink noise, band-limited and breathing slowly, like steady rain on a roof;
 * - waves: brown noise swelling and falling every few seconds, like a calm sea.
 * Each is a LOOP_SECONDS loop without a seam (its start cross-faded with what follows its end), followed by its
 * own first seconds again: a player loops between BED_LOOP's points, clear of the encoder's delay at the start.
 */
export const BEDS_VERSION = 1;
/** The loop's length; a person hears it repeat, so long enough not to notice. */
export const LOOP_SECONDS = BED_LOOP.end - BED_LOOP.start;
/** The loop's first seconds again after it: room for BED_LOOP.end and for the encoder's tail. */
const REPEAT_SECONDS = BED_LOOP.end - LOOP_SECONDS + 1;
/** The cross-fade that hides the loop point. */
const SEAM_SECONDS = 4;
/** Each bed's loudness at full volume: 12 LU under the voice's -16 LUFS, so the mix stays at about -16. */
export const BED_LUFS = -28;
const SAMPLE_RATE = 24_000;
/** Noise needs more bits than speech to stay free of swirls; still some 480 KB a minute. */
const BITRATE = '64k';

const SOURCES: Record<BedId, (seconds: number) => string> = {
  pad: (seconds) => ambientBedFilter({ durationSeconds: seconds, sampleRate: SAMPLE_RATE, output: 'src', fades: false }),
  rain: (seconds) =>
    `anoisesrc=color=pink:seed=20261126:r=${SAMPLE_RATE}:a=0.5:d=${seconds},highpass=f=300,lowpass=f=7000,` +
    `volume='0.85+0.15*sin(2*PI*t/7.5)':eval=frame[src]`,
  waves: (seconds) =>
    `anoisesrc=color=brown:seed=7:r=${SAMPLE_RATE}:a=0.6:d=${seconds},lowpass=f=900,` +
    // Two swells, 10 and 12 s apart: a sea that never quite repeats within the minute, and meets itself at 60 s.
    `volume='0.15+0.55*pow(sin(PI*t/10),2)+0.3*pow(sin(PI*t/12),2)':eval=frame[src]`,
};

/** The graph: the source LOOP + SEAM seconds long, its last SEAM seconds faded over its first. */
export function loopFilter(bed: BedId): string {
  const total = LOOP_SECONDS + SEAM_SECONDS;
  return (
    `${SOURCES[bed](total)};[src]aformat=sample_fmts=flt:channel_layouts=mono,asplit=3[a][b][c];` +
    `[a]atrim=0:${SEAM_SECONDS},asetpts=PTS-STARTPTS,afade=t=in:d=${SEAM_SECONDS}:curve=qsin[head];` +
    `[b]atrim=${LOOP_SECONDS}:${total},asetpts=PTS-STARTPTS,afade=t=out:d=${SEAM_SECONDS}:curve=qsin[tail];` +
    `[head][tail]amix=inputs=2,volume=2[seam];` +
    `[c]atrim=${SEAM_SECONDS}:${LOOP_SECONDS},asetpts=PTS-STARTPTS[body];` +
    `[seam][body]concat=n=2:v=0:a=1,asplit=2[loop][again];` +
    `[again]atrim=0:${REPEAT_SECONDS},asetpts=PTS-STARTPTS[repeat];[loop][repeat]concat=n=2:v=0:a=1[out]`
  );
}

export interface BedFile {
  data: Buffer;
  extension: string;
  contentType: string;
  durationSeconds: number;
}

/** Renders one bed: looped, brought to BED_LUFS, encoded (MP3, or AAC where this ffmpeg has no MP3 encoder). */
export async function renderBed(bed: BedId, workDir?: string): Promise<BedFile> {
  const dir = await mkdtemp(path.join(workDir ?? tmpdir(), 'selah-bed-'));
  try {
    const raw = path.join(dir, 'bed.f32');
    const measured = await runFfmpeg([
      '-filter_complex',
      `${loopFilter(bed)};[out]asplit=2[keep][measure];[measure]aresample=48000,${MEASURE_LOUDNESS_FILTER}[measured]`,
      '-map',
      '[keep]',
      '-f',
      'f32le',
      '-ar',
      String(SAMPLE_RATE),
      raw,
      '-map',
      '[measured]',
      '-f',
      'null',
      '-',
    ]);
    const gain = BED_LUFS - parseIntegratedLoudness(measured.stderr);
    const mp3 = await hasEncoder('libmp3lame');
    const extension = mp3 ? 'mp3' : 'm4a';
    const output = path.join(dir, `bed.${extension}`);
    await runFfmpeg([
      '-f',
      'f32le',
      '-ar',
      String(SAMPLE_RATE),
      '-ac',
      '1',
      '-i',
      raw,
      '-af',
      `volume=${gain.toFixed(2)}dB,alimiter=limit=0.5:level=0`,
      ...(mp3 ? ['-c:a', 'libmp3lame', '-b:a', BITRATE] : ['-c:a', 'aac', '-b:a', BITRATE, '-movflags', '+faststart']),
      output,
    ]);
    return {
      data: await readFile(output),
      extension,
      contentType: mp3 ? 'audio/mpeg' : 'audio/mp4',
      durationSeconds: await measureDuration(output),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
