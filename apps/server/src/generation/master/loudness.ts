/**
 * Loudness: every file plays at about -16 LUFS (EBU R128 integrated loudness) with peaks under -1.5 dBFS.
 *
 * 1. A gentle voice compressor evens out the voice (espeak's pulse-like voicing has peaks some 20 dB above
 *    its loudness; recorded or neural voices about 12-16 dB), so the target can be reached without crushing
 *    peaks.
 * 2. ebur128 measures the joined voice.
 * 3. One constant gain brings it to the target; after the ambient bed is mixed in, a look-ahead limiter
 *    catches the few peaks left above the ceiling.
 * ffmpeg's loudnorm does the same in two passes but upsamples to 192 kHz for true peaks: about 2.4 s per pass
 * on three minutes of speech here, and on espeak it falls back to dynamic mode and lands near -17 LUFS
 * (docs/decisions/004-voice-pipeline.md).
 */
export const TARGET_LUFS = -16;
/** Peak ceiling, dBFS. */
export const PEAK_CEILING_DB = -1.5;
/** No gain beyond this: a nearly silent input is a fault to report, not noise to amplify. */
const MAX_GAIN_DB = 30;

/** Threshold -24 dBFS, ratio 3:1, fast attack, soft knee: levelling, not squashing. */
export const VOICE_COMPRESSOR_FILTER = 'acompressor=threshold=0.06:ratio=3:attack=2:release=80:knee=6';

/** Measures integrated loudness and prints it in ffmpeg's log (per-frame lines only at verbose level). */
export const MEASURE_LOUDNESS_FILTER = 'ebur128=framelog=verbose';

/** The integrated loudness (LUFS) ebur128 printed in its summary; throws for silence. */
export function parseIntegratedLoudness(log: string): number {
  const summary = log.slice(log.lastIndexOf('Summary:'));
  const match = /Integrated loudness:\s+I:\s+(-?[\d.]+) LUFS/.exec(summary);
  if (!match) throw new Error('ebur128 printed no integrated loudness');
  const lufs = Number(match[1]);
  if (!Number.isFinite(lufs) || lufs - TARGET_LUFS < -MAX_GAIN_DB) {
    throw new Error(`The voice is silent or nearly so (${match[1]} LUFS)`);
  }
  return lufs;
}

/** One constant gain that brings the measured voice to the target. */
export function loudnessGainFilter(measuredLufs: number): string {
  return `volume=${(TARGET_LUFS - measuredLufs).toFixed(2)}dB`;
}

/** The last filter before encoding: a look-ahead limiter at the ceiling, with no automatic make-up gain. */
export const PEAK_LIMITER_FILTER = `alimiter=limit=${(10 ** (PEAK_CEILING_DB / 20)).toFixed(3)}:attack=2:release=50:level=0`;
