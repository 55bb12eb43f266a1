import { runFfmpeg } from './ffmpeg';

export interface AudioAnalysis {
  durationSeconds: number;
  sampleRate: number;
  channels: number;
  /** EBU R128 integrated loudness. */
  integratedLufs: number;
  meanVolumeDb: number;
  maxVolumeDb: number;
}

const number = (log: string, pattern: RegExp, what: string): number => {
  const match = pattern.exec(log);
  const value = Number(match?.[1]);
  if (!match || !Number.isFinite(value)) throw new Error(`ffmpeg reported no ${what}`);
  return value;
};

/** Sample rate and channel count of the first audio stream, from ffmpeg's description of the input. */
function streamOf(log: string): { sampleRate: number; channels: number } {
  const line = /Stream #0:\d+.*?: Audio: ([^\n]*)/.exec(log)?.[1] ?? '';
  const sampleRate = number(line, /(\d+) Hz/, 'sample rate');
  const layout = /Hz, ([^,]+)/.exec(line)?.[1] ?? '';
  const channels = layout === 'mono' ? 1 : layout === 'stereo' ? 2 : Number(/(\d+) channels/.exec(layout)?.[1] ?? 0);
  return { sampleRate, channels };
}

/** Duration of an audio file, measured by decoding it and counting samples (not estimated from the bitrate). */
export async function measureDuration(file: string): Promise<number> {
  const { stderr } = await runFfmpeg(['-i', file, '-map', '0:a:0', '-af', 'astats=metadata=0', '-f', 'null', '-']);
  const samples = number(stderr, /Overall[\s\S]*?Number of samples: (\d+)/, 'sample count');
  return samples / streamOf(stderr).sampleRate;
}

/** Duration, loudness and volume of an audio file, measured by decoding it: what a listener would get. */
export async function analyzeAudio(file: string): Promise<AudioAnalysis> {
  const { stderr: counted } = await runFfmpeg(['-i', file, '-map', '0:a:0', '-af', 'astats=metadata=0', '-f', 'null', '-']);
  const samples = number(counted, /Overall[\s\S]*?Number of samples: (\d+)/, 'sample count');
  const stream = streamOf(counted);
  // A second decode: ebur128 needs 48 kHz, which would change what astats counts in the same chain.
  const { stderr } = await runFfmpeg([
    '-i',
    file,
    '-map',
    '0:a:0',
    '-af',
    'volumedetect,aresample=48000,ebur128=framelog=verbose',
    '-f',
    'null',
    '-',
  ]);
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  return {
    durationSeconds: samples / stream.sampleRate,
    sampleRate: stream.sampleRate,
    channels: stream.channels,
    integratedLufs: number(summary, /I:\s+(-?[\d.]+) LUFS/, 'integrated loudness'),
    meanVolumeDb: number(stderr, /mean_volume: (-?[\d.]+) dB/, 'mean volume'),
    maxVolumeDb: number(stderr, /max_volume: (-?[\d.]+) dB/, 'max volume'),
  };
}
