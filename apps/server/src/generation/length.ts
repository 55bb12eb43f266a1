import type { Experience } from '@selah/domain/records';
import { LEAD_IN_SECONDS, TAIL_SECONDS } from './master/timeline';
import { PAUSE_RANGES } from './text/pauses';

/** A personal prayer lasts its length within this many seconds, in every language and with every voice. */
export const LENGTH_TOLERANCE_SECONDS = 15;
/**
 * A day of a personalized journey aims at this length (its petitions are chosen to come near it); its own target
 * is then what its words take at the voice's pace (lengthForWords), met within the same tolerance.
 */
export const JOURNEY_DAY_SECONDS = 150;

const middle = ({ min, max }: { min: number; max: number }) => (min + max) / 2;
/** The quiet at both ends of a file with the bed. */
const ENDS_SECONDS = LEAD_IN_SECONDS.ambient + TAIL_SECONDS.ambient;

/**
 * How many words fill a length at a measured pace (words a minute of speech with its sentence gaps): the
 * length less the quiet at both ends (with the bed) and the deliberate pauses the experience has (a meditation's
 * silence and the pause after its passage; a prayer's pause after its scripture; a journey day has none of its
 * own, and the day whose reflection invites silence gives the time back from its gaps).
 */
export function wordsForLength(input: { seconds: number; wordsPerMinute: number; experience: Experience | 'journey-day' }): number {
  const pauses =
    input.experience === 'bible_meditation'
      ? middle(PAUSE_RANGES.silence) + middle(PAUSE_RANGES.scripture)
      : input.experience === 'prayer'
        ? middle(PAUSE_RANGES.scripture)
        : 0;
  return Math.max(50, Math.round(((input.seconds - ENDS_SECONDS - pauses) * input.wordsPerMinute) / 60));
}

/**
 * How long a text of so many words lasts at a measured pace, with the quiet at both ends (with the bed) and its
 * deliberate pauses at the middle of their ranges: the inverse of wordsForLength, for a text whose words are given.
 */
export function lengthForWords(input: { words: number; wordsPerMinute: number; silences: number; scripturePauses: number }): number {
  const pauses = input.silences * middle(PAUSE_RANGES.silence) + input.scripturePauses * middle(PAUSE_RANGES.scripture);
  return Math.round(ENDS_SECONDS + pauses + (input.words * 60) / input.wordsPerMinute);
}
