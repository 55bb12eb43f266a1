import type { Experience, Focus } from '@selah/domain/records';
import type { Language } from '@selah/domain/languages';

/** What the quiz gathered: the writer turns it into a prayer or a Bible meditation. */
export interface PrayerRequest {
  language: Language;
  experience: Experience;
  focus: Focus;
  /** The person's own words (quiz step 2), trimmed; may be empty. */
  description: string;
  /** The user's spiritual goals (blank ones already dropped). */
  goals: string[];
  /** Minutes spoken (fixed at 3). */
  lengthMinutes: number;
}

/** A written prayer, ready for the voice. */
export interface WrittenPrayer {
  title: string;
  /** Plain text for the voice: sentences, paragraphs separated by a blank line, no markup. */
  text: string;
}

export interface PrayerWriter {
  /** Names the writer in logs ("composer", "openai-compatible:model"). */
  readonly name: string;
  write(request: PrayerRequest): Promise<WrittenPrayer>;
}
