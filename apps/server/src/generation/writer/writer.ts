import type { Experience, Topic } from '@selah/domain/records';
import type { Language } from '@selah/domain/languages';
import type { Situation } from '../understanding/situation';

/** What the quiz gathered: the writer turns it into a prayer or a Bible meditation. */
export interface PrayerRequest {
  language: Language;
  experience: Experience;
  /** A focus of quiz step 3, or 'standard' (the default): a general prayer without a particular focus. */
  focus: Topic;
  /** The person's own words (quiz step 2), trimmed; may be empty. */
  description: string;
  /** The user's spiritual goals (blank ones already dropped). */
  goals: string[];
  /** Minutes spoken (fixed at 3). */
  lengthMinutes: number;
  /** Words that fill those minutes at the voice's measured pace in this language (generation/length). */
  targetWords: number;
  /** What the understanding read in the description (generation/understanding): the writer plans from it. */
  situation: Situation;
  /** The texts of the person's latest prayers: a writer avoids their sentences, so no two prayers sound alike. */
  heard?: readonly string[];
}

/** A written prayer, ready for the voice. */
export interface WrittenPrayer {
  title: string;
  /**
   * Plain text for the voice: sentences, paragraphs separated by a blank line, no markup but the pause marks
   * [pause] and [silence] (text/pauses), which the stored text leaves out.
   */
  text: string;
}

export interface PrayerWriter {
  /** Names the writer in logs ("composer", "openai-compatible:model"). */
  readonly name: string;
  write(request: PrayerRequest): Promise<WrittenPrayer>;
}

/** One day of a personalized journey, written: the texts shown on the day page and what the voice reads. */
export interface WrittenJourneyDay {
  dayNumber: number;
  title: string;
  subtitle: string;
  bibleVerse: { text: string; reference: string };
  reflection: string;
  prayer: string;
  /** What the voice reads: reference in words, verse, reflection, prayer; paragraphs separated by a blank line. */
  script: string;
  /** How long the script is meant to last, in seconds: what its words take at the voice's pace (met within 15 s). */
  targetSeconds: number;
}

export interface WrittenJourney {
  title: string;
  subtitle: string;
  days: WrittenJourneyDay[];
}

/** Writes a personalized 7-day journey (the ancestors prayer challenge) from what the user wrote. */
export interface JourneyWriter {
  readonly name: string;
  write(request: {
    language: Language;
    input: string;
    /** What the understanding read in the input (generation/understanding), when it ran. */
    situation?: Situation;
    /** The voice's measured pace in the language. */ wordsPerMinute: number;
  }): Promise<WrittenJourney>;
}
