import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, type Language } from '@selah/domain/languages';
import { EXPERIENCES, TOPICS, type Experience, type Topic } from '@selah/domain/records';
import { beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../seeded-random';
import { stripPauseMarks } from '../text/pauses';
import { splitIntoSentences } from '../text/split-sentences';
import { createComposer, sanitizeForVoice } from './composer';
import type { PrayerRequest } from './writer';
import { loadData } from '../understanding/data';
import { buildModel, type Model } from '../understanding/model';
import { understandWith, writtenIn } from '../understanding/understand';

const contentDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../content');

/** What a person may bring: nothing, a description, goals, or both. */
const INPUTS: Record<Language, { description: string; goals: string[] }[]> = {
  en: [
    { description: '', goals: [] },
    { description: 'My father has surgery on Friday and I cannot stop worrying.', goals: [] },
    { description: '', goals: ['Pray every morning'] },
    { description: 'I start a new job next week.', goals: ['Be patient with my children', 'Read the Bible daily'] },
  ],
  es: [
    { description: '', goals: [] },
    { description: 'Mi padre tiene una operación el viernes y no dejo de preocuparme.', goals: [] },
    { description: '', goals: ['Orar cada mañana'] },
    { description: 'Empiezo un trabajo nuevo la semana que viene.', goals: ['Tener paciencia con mis hijos', 'Leer la Biblia cada día'] },
  ],
  pl: [
    { description: '', goals: [] },
    { description: 'Mój tata ma w piątek operację i ciągle się martwię.', goals: [] },
    { description: '', goals: ['Modlić się każdego ranka'] },
    { description: 'W przyszłym tygodniu zaczynam nową pracę.', goals: ['Być cierpliwym wobec dzieci', 'Czytać Biblię codziennie'] },
  ],
};

const TARGET_WORDS: Record<Language, number> = { en: 400, es: 340, pl: 290 };

const key = (sentence: string) =>
  sentence
    .toLocaleLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[.?…;:,\s]+$/, '');

/** The sentences of a prayer that the composer chose: the person's own words are theirs to hear again. */
function composedSentences(text: string, language: Language, input: { description: string; goals: string[] }): Set<string> {
  const own = [input.description, ...input.goals].map((words) => key(sanitizeForVoice(words))).filter(Boolean);
  return new Set(
    splitIntoSentences(stripPauseMarks(text), language)
      .map(key)
      .filter((sentence) => !own.some((words) => sentence.includes(words) || words.includes(sentence))),
  );
}

/** The share of the second prayer's sentences that the first already had. */
function shared(first: Set<string>, second: Set<string>): number {
  let common = 0;
  for (const sentence of second) if (first.has(sentence)) common += 1;
  return common / second.size;
}

const models = {} as Record<Language, Model>;
beforeAll(async () => {
  for (const language of LANGUAGES) models[language] = buildModel(await loadData(contentDir, language));
});

const request = (
  language: Language,
  experience: Experience,
  focus: Topic,
  input: { description: string; goals: string[] },
): PrayerRequest => ({
  language,
  experience,
  focus,
  ...input,
  situation: understandWith(
    models[writtenIn(input.description, language)],
    { language, focus, description: input.description },
    writtenIn(input.description, language),
  ),
  lengthMinutes: 3,
  targetWords: TARGET_WORDS[language],
});

describe('the variety of composed prayers (every language, experience, topic and kind of input)', () => {
  const combinations = LANGUAGES.flatMap((language) =>
    EXPERIENCES.flatMap((experience) =>
      TOPICS.flatMap((focus) => INPUTS[language].map((input, i) => ({ language, experience, focus, input, i }))),
    ),
  );

  // Every combination is composed twice: seconds of work on a busy machine, so not vitest's 5 s default.
  const WHOLE_SWEEP = { timeout: 60_000 };

  it('two prayers in a row for the same input share at most 15% of their sentences', WHOLE_SWEEP, async () => {
    const worst: string[] = [];
    for (const { language, experience, focus, input, i } of combinations) {
      const seed = `${language}-${experience}-${focus}-${i}`;
      const first = await createComposer({ contentDir, random: seededRandom(`${seed}-1`) }).write(
        request(language, experience, focus, input),
      );
      const second = await createComposer({ contentDir, random: seededRandom(`${seed}-2`) }).write({
        ...request(language, experience, focus, input),
        heard: [first.text],
      });
      const share = shared(composedSentences(first.text, language, input), composedSentences(second.text, language, input));
      if (share > 0.15) worst.push(`${seed}: ${(share * 100).toFixed(0)}%`);
    }
    expect(worst, `combinations over 15%`).toEqual([]);
  });

  it('a prayer for another input shares at most 10% of its sentences with the one before', WHOLE_SWEEP, async () => {
    const worst: string[] = [];
    for (const { language, experience, focus, input, i } of combinations) {
      // The next prayer asks for another topic (and the other experience every second time).
      const otherFocus = TOPICS[(TOPICS.indexOf(focus) + 1) % TOPICS.length]!;
      const otherExperience = i % 2 === 0 ? experience : EXPERIENCES.find((e) => e !== experience)!;
      const otherInput = INPUTS[language][(i + 1) % INPUTS[language].length]!;
      const seed = `${language}-${experience}-${focus}-${i}`;
      const first = await createComposer({ contentDir, random: seededRandom(`${seed}-a`) }).write(
        request(language, experience, focus, input),
      );
      const second = await createComposer({ contentDir, random: seededRandom(`${seed}-b`) }).write({
        ...request(language, otherExperience, otherFocus, otherInput),
        heard: [first.text],
      });
      const share = shared(composedSentences(first.text, language, input), composedSentences(second.text, language, otherInput));
      if (share > 0.1) worst.push(`${seed} -> ${otherExperience} ${otherFocus}: ${(share * 100).toFixed(0)}%`);
    }
    expect(worst, `combinations over 10%`).toEqual([]);
  });
});
