import type { Language } from '@selah/domain/languages';
import type { Experience } from '@selah/domain/records';
import { seededRandom } from '../generation/seeded-random';
import type { Situation } from '../generation/understanding/situation';
import { createComposer } from '../generation/writer/composer';

/**
 * A three-minute prayer the built-in composer writes for a person's text as understood, drawn with a seed, for the
 * writer's tests: `writeFor({ contentDir, language, text, situation, seed })`.
 */
export async function writeFor(options: {
  contentDir: string;
  language: Language;
  text: string;
  situation: Situation;
  seed: string;
  experience?: Experience;
}) {
  const { contentDir, language, text, situation, seed, experience = 'prayer' } = options;
  return createComposer({ contentDir, random: seededRandom(seed) }).write({
    language,
    experience,
    focus: 'standard',
    description: text,
    goals: [],
    lengthMinutes: 3,
    targetWords: 340,
    situation,
  });
}
