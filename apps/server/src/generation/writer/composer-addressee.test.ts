import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, type Language } from '@selah/domain/languages';
import { EXPERIENCES } from '@selah/domain/records';
import { beforeAll, describe, expect, it } from 'vitest';
import { createComposer, loadCorpus, type Corpus } from './composer';
import { loadSituationCorpus, type SituationCorpus } from './situation-corpus';
import { seededRandom } from '../seeded-random';
import { generalSituation, SITUATIONS } from '../understanding/situation';

/**
 * One addressee (issue 47): a prayer and a meditation speak to God from start to end. No spoken line speaks of God
 * (the Father) in the third person in the middle of that address; a title may name Him, scripture is quoted as it
 * is, and lines about Jesus speak of Him while the Father is addressed.
 */
const contentDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../content');

const THIRD_PERSON: Record<Language, RegExp> = {
  en: /\bGod(?:'s)? (?:is|has|was|will|knows|does|gives|loves|sees|hears|holds|speaks|can|cannot|never|always|invites)\b|\bGod's\b|\b(?:to|with|in|from|before|on|upon|near|toward|towards|by) God\b|\b(?:He|Him|His)\b/u,
  es: /\bDios (?:es|está|tiene|sabe|da|ama|ve|escucha|nunca|siempre|puede|quiere|habla)\b|\b(?:de|a|en|con|ante|hacia|por) Dios\b(?!,)|(?<!\p{L})Él(?!\p{L})/u,
  pl: /(?<!\p{L})(?:Bóg|Pan) (?:jest|ma|wie|daje|kocha|widzi|słyszy|nigdy|zawsze|może|chce|mówi)(?!\p{L})|(?<!\p{L})(?:Boga|Bogu|Bogiem)(?!\p{L})|(?<!\p{L})(?:Boża|Bożej|Bożego|Bożą|Bożym)\s+\p{L}|(?<!\p{L})\p{L}+\s+Boże(?!,)(?!\p{L})|(?<!\p{L})(?:On|Jego|Jemu|Nim|Niego|Niemu)(?!\p{L})/u,
};
/** Lines that speak of Jesus (or say a liturgical formula) may speak of Him in the third person. */
const ABOUT_JESUS = /Jes[uú]s|Jez(?:us|u)|Chryst|Cristo|Christ|\bSon\b|\bHijo\b|Syn/u;

/** Every spoken line of the composer's corpora but titles and scripture, with where it is: those about Jesus, or the others. */
function spokenLines(corpus: Corpus, situations: SituationCorpus, ofJesus = false): { where: string; line: string }[] {
  const lines: { where: string; line: string }[] = [];
  const walk = (value: unknown, where: string) => {
    if (typeof value === 'string') lines.push({ where, line: value });
    else if (Array.isArray(value)) value.forEach((item) => walk(item, where));
    else if (value && typeof value === 'object')
      for (const [key, item] of Object.entries(value))
        if (!['titles', 'passages', 'never', 'language'].includes(key)) walk(item, `${where}.${key}`);
  };
  walk(corpus, 'composer');
  walk(situations, 'situations');
  return lines.filter(({ line }) => ABOUT_JESUS.test(line) === ofJesus);
}

describe.each(LANGUAGES)('one addressee in %s', (language) => {
  let corpus: Corpus;
  let situations: SituationCorpus;
  beforeAll(async () => {
    corpus = await loadCorpus(contentDir, language);
    situations = await loadSituationCorpus(contentDir, language);
  });

  it('no spoken line of the corpus speaks of God in the third person', () => {
    const lines = spokenLines(corpus, situations);
    expect(lines.length).toBeGreaterThan(500);
    expect(lines.filter(({ line }) => THIRD_PERSON[language].test(line)).map(({ where, line }) => `${where}: ${line}`)).toEqual([]);
  });

  it(
    'no composed prayer or meditation speaks of God in the third person outside scripture, over hundreds of draws',
    { timeout: 120_000 },
    async () => {
      // Scripture is quoted as it is: a passage, and its phrase (which a line may begin, with a capital).
      const capital = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);
      const passages = Object.values(corpus.passages)
        .flat()
        .flatMap((passage) => [passage.text, passage.phrase, capital(passage.phrase)]);
      // And lines about Jesus speak of Him as a whole ("Jezus także modlił się słowami Pisma. Idę Jego śladem.").
      const aboutJesus = spokenLines(corpus, situations, true).map(({ line }) => line);
      let draws = 0;
      for (const main of SITUATIONS) {
        for (const experience of EXPERIENCES) {
          for (let seed = 1; seed <= 5; seed++) {
            const situation = { ...generalSituation(language, 'faith'), main, feeling: 'afraid' as const };
            const { text } = await createComposer({ contentDir, random: seededRandom(`addressee-${main}-${seed}`) }).write({
              language,
              experience,
              focus: 'faith',
              situation,
              description: '',
              goals: [],
              lengthMinutes: 3,
              targetWords: 300,
            });
            const spoken = [...passages, ...aboutJesus].reduce((rest, quoted) => rest.split(quoted).join(' '), text);
            const sentences = spoken.split(/(?<=[.?…])\s+/u);
            expect(
              sentences.filter((sentence) => THIRD_PERSON[language].test(sentence)),
              `${main}/${experience}`,
            ).toEqual([]);
            draws++;
          }
        }
      }
      expect(draws).toBe(SITUATIONS.length * EXPERIENCES.length * 5);
    },
  );

  it('never reads back a text that speaks of God in the third person, and reads a request to pray without its request', async () => {
    const texts: Record<Language, { of: string; asks: string; said: string }> = {
      en: {
        of: "it's my 80th birthday tomorrow and I just want to thank God for every year He gave me",
        asks: 'Please pray for my nephew Daniel, he starts chemo for leukemia and he is only nine',
        said: 'for my nephew Daniel, he starts chemo for leukemia and he is only nine',
      },
      es: {
        of: 'a veces dudo que Dios exista y aun así vengo a orar cada noche, no sé por qué lo hago',
        asks: 'Oren por mi sobrino Daniel, empieza la quimio por leucemia y solo tiene nueve años',
        said: 'por mi sobrino Daniel, empieza la quimio por leucemia y solo tiene nueve años',
      },
      pl: {
        of: 'Dziękuję Bogu za to, że syn wrócił cały z wypadku, auto do kasacji, a on bez jednego zadrapania',
        asks: 'Proszę o modlitwę za bratanka Daniela, zaczyna chemię na białaczkę, ma dopiero dziewięć lat',
        said: 'za bratanka Daniela, zaczyna chemię na białaczkę, ma dopiero dziewięć lat',
      },
    };
    const { of, asks, said } = texts[language];
    for (let seed = 1; seed <= 10; seed++) {
      // Read as nothing the understanding knows, the text would be quoted whole were it sayable.
      for (const description of [of, asks]) {
        const { text } = await createComposer({ contentDir, random: seededRandom(`said-back-${seed}`) }).write({
          language,
          experience: 'prayer',
          focus: 'faith',
          situation: generalSituation(language, 'faith'),
          description,
          goals: [],
          lengthMinutes: 3,
          targetWords: 300,
        });
        if (description === of) expect(text, text).not.toContain(of.slice(0, 30));
        else {
          expect(text).toContain(said);
          expect(text).not.toContain(asks.slice(0, 20));
        }
      }
    }
  });
});
