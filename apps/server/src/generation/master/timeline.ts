import { seededRandom } from '../seeded-random';
import { PAUSE_RANGES, type PauseKind } from '../text/pauses';

/** Quiet before the first word and after the last; longer with the bed, which fades in and out there. */
export const LEAD_IN_SECONDS = { plain: 0.3, ambient: 2.5 };
export const TAIL_SECONDS = { plain: 0.8, ambient: 3.5 };
/** How far the speech itself may be sped up or slowed down to meet a length (ffmpeg's atempo; 8% is hard to hear). */
export const TEMPO_RANGE = { min: 0.92, max: 1.08 };

export interface TimelineInput {
  /** Each clip's spoken length, silence trimmed. */
  speechSeconds: readonly number[];
  /** The gap after each clip ('end' for the last). */
  pauses: readonly (PauseKind | 'end')[];
  ambient: boolean;
  /** The length to meet, when there is one: gaps move within their ranges first, then the tempo. */
  targetSeconds?: number;
  /** Makes the natural variation of the gaps repeatable: the same text gets the same gaps. */
  seed: string;
}

export interface Timeline {
  leadInSeconds: number;
  /** Each clip's spoken length before the tempo (as given). */
  clipSeconds: readonly number[];
  /** The quiet after each clip, in the finished audio (the last is the tail). */
  gapSeconds: number[];
  /** atempo's factor for the whole voice track: above 1 is faster. Gaps are given before it as gap x tempo. */
  tempo: number;
  /** The length the finished audio will have. */
  totalSeconds: number;
}

const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);

/**
 * Where the quiet goes. Each gap gets a natural length inside its kind's range (drawn around the middle, so
 * neighbours differ as a person's pauses do). With a target length, the gaps then move toward the ends of their
 * ranges together, and if that is not enough the speech is sped up or slowed down, within TEMPO_RANGE.
 */
export function planTimeline(input: TimelineInput): Timeline {
  const random = seededRandom(input.seed);
  const lead = input.ambient ? LEAD_IN_SECONDS.ambient : LEAD_IN_SECONDS.plain;
  const tail = input.ambient ? TAIL_SECONDS.ambient : TAIL_SECONDS.plain;
  const ranges = input.pauses.map((kind) => (kind === 'end' ? { min: tail, max: tail } : PAUSE_RANGES[kind]));
  // Natural gaps: the mean of two draws leans toward the middle of the range.
  let gaps = ranges.map(({ min, max }) => min + ((random() + random()) / 2) * (max - min));
  const speech = sum(input.speechSeconds);
  let tempo = 1;
  if (input.targetSeconds !== undefined) {
    const room = input.targetSeconds - lead - speech;
    const natural = sum(gaps);
    const longest = sum(ranges.map((range) => range.max));
    const shortest = sum(ranges.map((range) => range.min));
    if (room >= natural) {
      const share = longest > natural ? Math.min(1, (room - natural) / (longest - natural)) : 0;
      gaps = gaps.map((gap, i) => gap + (ranges[i]!.max - gap) * share);
    } else {
      const share = natural > shortest ? Math.min(1, (natural - room) / (natural - shortest)) : 0;
      gaps = gaps.map((gap, i) => gap - (gap - ranges[i]!.min) * share);
    }
    const spoken = input.targetSeconds - lead - sum(gaps);
    if (spoken > 0 && Math.abs(spoken - speech) > 0.05) {
      tempo = Math.min(TEMPO_RANGE.max, Math.max(TEMPO_RANGE.min, speech / spoken));
    }
  }
  return {
    leadInSeconds: lead,
    clipSeconds: input.speechSeconds,
    gapSeconds: gaps,
    tempo,
    totalSeconds: lead + speech / tempo + sum(gaps),
  };
}
