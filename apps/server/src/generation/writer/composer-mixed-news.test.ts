import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, type Language } from '@selah/domain/languages';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeFor } from '../../testing/write-prayer';
import { toneOf, type Relation, type SituationId } from '../understanding/situation';
import { createUnderstanding } from '../understanding/understand';
import { loadSituationCorpus, type SituationCorpus } from './situation-corpus';
import { describeSituation } from './situation-notes';

/**
 * Mixed news (issue 46): good news set against a grave need ("the loan came through, but dad's kidneys are
 * failing") is prayed for as the need, with thanks for the news; it is never met as a joy only.
 */
const contentDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../content');
const understanding = createUnderstanding({ contentDir });

interface Mixed {
  text: string;
  need: SituationId;
  /** The news as it may be read ("I got the job, thank you" is a new job and an answered prayer). */
  news: SituationId[];
  relation: Relation;
}
const MIXED: Record<Language, Mixed[]> = {
  en: [
    {
      text: "Our loan for the house finally got approved, thank God, but my dad's kidneys are failing and he starts dialysis next week.",
      need: 'illness',
      news: ['answered'],
      relation: 'father',
    },
    {
      text: 'Thank you Lord for my new job! But my wife is in the hospital with pneumonia.',
      need: 'illness',
      news: ['new-job', 'answered'],
      relation: 'wife',
    },
  ],
  es: [
    {
      text: 'Gracias Señor porque conseguí el trabajo, pero mi mamá está en el hospital con neumonía',
      need: 'illness',
      news: ['new-job', 'answered'],
      relation: 'mother',
    },
  ],
  pl: [
    {
      text: 'Dziękuję za narodziny wnuczki, ale mój mąż ma raka i zaczyna chemię w poniedziałek',
      need: 'illness',
      news: ['birth'],
      relation: 'husband',
    },
  ],
};

/** Texts that only look mixed: an answered prayer about the illness itself, a concession of what is past. */
const NOT_MIXED: Record<Language, string[]> = {
  en: [
    'the biopsy came back benign!! thank you Jesus',
    'Grandpa beat covid although the doctors gave him no chance. You heard us, thank you',
  ],
  es: ['¡gracias Dios, los resultados de la biopsia salieron bien!'],
  pl: ['Dziadek wyszedł z covidu, choć lekarze nie dawali szans. Wysłuchałeś nas, dziękuję'],
};

describe.each(LANGUAGES)('mixed news in %s', (language) => {
  let corpus: SituationCorpus;
  beforeAll(async () => {
    corpus = await loadSituationCorpus(contentDir, language);
  });

  it('is read as the need, with the news beside it and the one prayed for named in the need', async () => {
    for (const { text, need, news, relation } of MIXED[language]) {
      const situation = await understanding.understand({ language, description: text, focus: 'standard' });
      expect(situation, text).toMatchObject({ mixed: true, main: need, relation, who: 'others' });
      expect(news, text).toContain(situation.also[0]);
      expect(toneOf(situation)).toBe('need');
    }
  });

  it('is prayed for as the need, and the news is thanked for', async () => {
    for (const [i, { text, need }] of MIXED[language].entries()) {
      const situation = await understanding.understand({ language, description: text, focus: 'standard' });
      const news = situation.also[0]!;
      for (let seed = 0; seed < 5; seed++) {
        const { text: prayer } = await writeFor({ contentDir, language, text, situation, seed: `mixed-${language}-${i}-${seed}` });
        const said = (lines: readonly string[]) => lines.some((line) => prayer.includes(line));
        expect(said(corpus.situations[news].thanks), `${text}\n${prayer}`).toBe(true);
        expect(said(corpus.situations[news].acknowledge.joy), `${text}\n${prayer}`).toBe(true);
        // The need is not met with the words of a joy.
        expect(said(corpus.situations[need].acknowledge.joy), `${text}\n${prayer}`).toBe(false);
      }
    }
  });

  it('is told to a chat model: thanks for the news, the need at the heart of the prayer, and no joy only', async () => {
    const [{ text }] = MIXED[language] as [Mixed];
    const rules = describeSituation(await understanding.understand({ language, description: text, focus: 'standard' })).join('\n');
    expect(rules).toContain('good news');
    expect(rules).not.toContain('This is a joy');
  });

  it('is not read where the news is the answer to the need, or the need is conceded as past', async () => {
    for (const text of NOT_MIXED[language]) {
      const situation = await understanding.understand({ language, description: text, focus: 'standard' });
      expect(situation.mixed, text).toBe(false);
      expect(toneOf(situation), text).toBe('joy');
    }
  });
});
