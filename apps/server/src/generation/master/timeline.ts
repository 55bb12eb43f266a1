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
  const { lead, ranges, natural } = naturalGaps(input);
  let gaps = natural;
  const speech = sum(input.speechSeconds);
  let tempo = 1;
  if (input.targetSeconds !== undefined) {
    gaps = fitGaps(natural, ranges, input.targetSeconds - lead - speech);
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

/** The lead-in, each gap's range, and each gap's natural length (seeded: the same text gets the same gaps). */
function naturalGaps(input: Pick<TimelineInput, 'ambient' | 'pauses' | 'seed'>) {
  const random = seededRandom(input.seed);
  const lead = input.ambient ? LEAD_IN_SECONDS.ambient : LEAD_IN_SECONDS.plain;
  const tail = input.ambient ? TAIL_SECONDS.ambient : TAIL_SECONDS.plain;
  const ranges = input.pauses.map((kind) => (kind === 'end' ? { min: tail, max: tail } : PAUSE_RANGES[kind]));
  // Natural gaps: the mean of two draws leans toward the middle of the range.
  const natural = ranges.map(({ min, max }) => min + ((random() + random()) / 2) * (max - min));
  return { lead, ranges, natural };
}

/** The gaps moved together toward the ends of their ranges, to fill `room` seconds as far as the ranges allow. */
function fitGaps(natural: readonly number[], ranges: readonly { min: number; max: number }[], room: number): number[] {
  const current = sum(natural);
  if (room >= current) {
    const longest = sum(ranges.map((range) => range.max));
    const share = longest > current ? Math.min(1, (room - current) / (longest - current)) : 0;
    return natural.map((gap, i) => gap + (ranges[i]!.max - gap) * share);
  }
  const shortest = sum(ranges.map((range) => range.min));
  const share = current > shortest ? Math.min(1, (current - room) / (current - shortest)) : 0;
  return natural.map((gap, i) => gap - (gap - ranges[i]!.min) * share);
}

/** A timeline planned while the speech is still being voiced (issue 23: the audio goes out as it is made). */
export interface StreamingTimeline {
  readonly leadInSeconds: number;
  /** Fixed at the start, from the estimated speech: the audio already out cannot change speed. */
  readonly tempo: number;
  /**
   * The gap after clip `index`, chosen once that clip's spoken length is known (clips come in order): the lengths
   * so far, and the estimates for the rest scaled by how the estimates did so far, fill the target as
   * planTimeline would.
   */
  gapAfter(index: number, speechSeconds: number): number;
  /** The finished timeline, once every gap has been chosen. */
  timeline(): Timeline;
}

export function planStreamingTimeline(input: TimelineInput): StreamingTimeline {
  const estimates = input.speechSeconds;
  const { lead, ranges, natural } = naturalGaps(input);
  const { tempo } = planTimeline(input);
  const spoken: number[] = [];
  const gaps: number[] = [];
  return {
    leadInSeconds: lead,
    tempo,
    gapAfter(index, speechSeconds) {
      if (index !== spoken.length) throw new Error(`clip ${index} came out of order`);
      spoken.push(speechSeconds);
      let gap = natural[index]!;
      if (input.targetSeconds !== undefined) {
        const known = sum(spoken);
        const estimatedSoFar = sum(estimates.slice(0, index + 1));
        const scale = estimatedSoFar > 0 ? Math.min(2, Math.max(0.5, known / estimatedSoFar)) : 1;
        const rest = sum(estimates.slice(index + 1)) * scale;
        const room = input.targetSeconds - lead - (known + rest) / tempo - sum(gaps);
        gap = fitGaps(natural.slice(index), ranges.slice(index), room)[0]!;
      }
      gaps.push(gap);
      return gap;
    },
    timeline() {
      if (gaps.length !== estimates.length) throw new Error('the timeline is not finished: a clip has no gap yet');
      return { leadInSeconds: lead, clipSeconds: spoken, gapSeconds: gaps, tempo, totalSeconds: lead + sum(spoken) / tempo + sum(gaps) };
    },
  };
}
