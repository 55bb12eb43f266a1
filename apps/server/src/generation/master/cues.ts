import type { Cue } from '@selah/domain/player';
import type { Timeline } from './timeline';

/** One spoken line and where it falls in the finished audio, in seconds (the shape the player reads too). */
export type { Cue };

/**
 * Where each voiced sentence falls in the master (issue 22, synced words): the lead-in, then each clip at its
 * length through the tempo, followed by its gap. The same arithmetic that built the voice track, so the times
 * are exact up to the encoder.
 */
export function cuesOf(timeline: Timeline, texts: readonly string[]): Cue[] {
  if (texts.length !== timeline.clipSeconds.length) throw new Error('A cue needs a text for every clip');
  const cues: Cue[] = [];
  let at = timeline.leadInSeconds;
  timeline.clipSeconds.forEach((seconds, i) => {
    const spoken = seconds / timeline.tempo;
    cues.push({ start: round(at), end: round(at + spoken), text: texts[i]!.trim() });
    at += spoken + timeline.gapSeconds[i]!;
  });
  return cues;
}

const round = (seconds: number): number => Math.round(seconds * 1000) / 1000;

/** hh:mm:ss.ttt, as WebVTT writes times. */
export function vttTime(seconds: number): string {
  const millis = Math.max(0, Math.round(seconds * 1000));
  const hours = Math.floor(millis / 3_600_000);
  const minutes = Math.floor(millis / 60_000) % 60;
  const secs = Math.floor(millis / 1000) % 60;
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(hours)}:${pad(minutes)}:${pad(secs)}.${pad(millis % 1000, 3)}`;
}

/** Text as a cue payload: one line, the three characters WebVTT reserves escaped, never an arrow. */
function cueText(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A WebVTT file of the cues, numbered from 1 (what a <track kind="captions"> loads). */
export function toWebVtt(cues: readonly Cue[]): string {
  const blocks = cues.map((cue, i) => `${i + 1}\n${vttTime(cue.start)} --> ${vttTime(cue.end)}\n${cueText(cue.text)}`);
  return `WEBVTT\n\n${blocks.join('\n\n')}\n`;
}
