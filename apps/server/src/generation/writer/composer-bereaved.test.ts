import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, type Language } from '@selah/domain/languages';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeFor } from '../../testing/write-prayer';
import type { Relation } from '../understanding/situation';
import { createUnderstanding } from '../understanding/understand';
import { fill } from './composer';
import { loadSituationCorpus, whoValues, type SituationCorpus } from './situation-corpus';
import { describeSituation } from './situation-notes';

/**
 * Someone named who lost one of their own ("my colleague lost his son", "mi amiga perdió a su bebé"): the prayer is
 * for the bereaved, and never speaks of them as the one who died (rubric set h: a friend's stillborn baby was
 * prayed for as a new life).
 */
const contentDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../content');
const understanding = createUnderstanding({ contentDir });

const TEXTS: Record<Language, Array<[string, Relation]>> = {
  en: [
    ['my coworker Dave lost his wife to cancer on sunday, he has three kids', 'colleague'],
    ['our neighbor lost her baby at 30 weeks, I want to bring her a meal but I have no words', 'neighbour'],
  ],
  es: [
    ['Mi amiga Lucía perdió a su bebé a los siete meses de embarazo, no sé cómo acompañarla', 'friend'],
    ['a mi vecina se le murió su esposo el martes, se quedó muy sola', 'neighbour'],
  ],
  pl: [
    ['Przyjaciółka straciła synka, miał dwa latka. Nie wiem, co jej powiedzieć', 'friend'],
    ['Wujek stracił żonę po długiej chorobie, pogrzeb jest w piątek', 'uncle'],
  ],
};

describe.each(LANGUAGES)('a prayer for the bereaved, in %s', (language) => {
  let corpus: SituationCorpus;
  beforeAll(async () => {
    corpus = await loadSituationCorpus(contentDir, language);
  });

  it('is read as a death, for the mourner named, who is not the one who died', async () => {
    for (const [text, relation] of TEXTS[language]) {
      const situation = await understanding.understand({ language, description: text, focus: 'standard' });
      expect(situation, text).toMatchObject({ main: 'death', departed: true, bereaved: true, relation });
      // A chat model is told as much.
      expect(describeSituation(situation).join('\n')).toContain('among those who mourn');
    }
  });

  it('never commends the mourner as the departed, and names them', async () => {
    for (const [i, [text, relation]] of TEXTS[language].entries()) {
      const situation = await understanding.understand({ language, description: text, focus: 'standard' });
      const who = whoValues(corpus.relations[relation].forms);
      const { acknowledgeFor } = corpus.situations.death;
      const aboutTheDeparted = [...acknowledgeFor.need, ...acknowledgeFor.joy].map((line) => fill(line, who));
      for (let seed = 0; seed < 12; seed++) {
        const { text: prayer } = await writeFor({ contentDir, language, text, situation, seed: `bereaved-${language}-${i}-${seed}` });
        expect(
          aboutTheDeparted.filter((line) => prayer.includes(line)),
          `${text}\n${prayer}`,
        ).toEqual([]);
        expect(
          Object.values(who).some((form) => prayer.includes(form)),
          `${text}\n${prayer}`,
        ).toBe(true);
      }
    }
  });
});
