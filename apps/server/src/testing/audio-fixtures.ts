import { runFfmpeg } from '../generation/master/ffmpeg';

/**
 * A short real audio file made by ffmpeg: a tone (like a voice at speaking level) in the given container, for
 * protocol servers and mastering tests. `format`: 'wav' | 'mp3'.
 */
export async function toneFile(options: {
  format: 'wav' | 'mp3';
  seconds?: number;
  sampleRate?: number;
  channels?: number;
  frequency?: number;
}) {
  const { format, seconds = 0.5, sampleRate = 24_000, channels = 1, frequency = 220 } = options;
  const codec = format === 'wav' ? ['-c:a', 'pcm_s16le'] : ['-c:a', 'libmp3lame', '-b:a', '64k'];
  const { stdout } = await runFfmpeg([
    '-f',
    'lavfi',
    '-i',
    `sine=f=${frequency}:r=${sampleRate}:d=${seconds}`,
    '-af',
    'volume=12dB',
    '-ac',
    String(channels),
    ...codec,
    '-f',
    format,
    'pipe:1',
  ]);
  return stdout;
}
