import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, type Language } from '@selah/domain/languages';
import { EXPERIENCES, FOCUSES, TOPICS } from '@selah/domain/records';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createComposer, fill, limitWords, loadCorpus, QUOTE_FROM_WORDS, sanitizeForVoice, type Corpus } from './composer';
import { stripPauseMarks } from '../text/pauses';
import { countWords } from '../text/words';
import type { PrayerRequest } from './writer';
import { loadData } from '../understanding/data';
import { buildModel, type Model } from '../understanding/model';
import { understandWith, writtenIn } from '../understanding/understand';
import { generalSituation } from '../understanding/situation';
import { loadSituationCorpus, whoValues, type SituationCorpus } from './situation-corpus';

const contentDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../content');

/** A small seeded generator (mulberry32): the same seed gives the same numbers. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What a person might type in each language (no digits: the text must have none). */
const DESCRIPTIONS: Record<Language, string> = {
  en: 'I lost my job last month and I am afraid of what comes next for my family.',
  es: 'Perdí mi trabajo el mes pasado y tengo miedo de lo que viene para mi familia.',
  pl: 'W zeszłym miesiącu straciłam pracę i boję się, co będzie dalej z moją rodziną.',
};

/** Promises the composer must never make (CONTENT.md: no healing, wealth, success or outcome guaranteed). */
const FORBIDDEN: Record<Language, RegExp[]> = {
  en: [
    /will heal/i,
    /will be healed/i,
    /guarantee/i,
    /\bcure[sd]?\b/i,
    /you will be rich/i,
    /will make you rich/i,
    /\bwealth/i,
    /\bprosper/i,
    /will recover/i,
  ],
  es: [/sanará/i, /serás sanad/i, /garantiz/i, /curará/i, /te curar/i, /serás ric/i, /riqueza/i, /prosperidad/i],
  pl: [/uzdrowi/i, /wyzdrowiejesz/i, /gwarant/i, /wyleczy/i, /będziesz bogat/i, /bogactw/i, /dobrobyt/i],
};

const AMEN: Record<Language, string> = { en: 'Amen.', es: 'Amén.', pl: 'Amen.' };

/** Lower-case pronouns for God, which Polish capitalises (outside the quoted verses). */
const LOWERCASE_GOD_PRONOUN = /(?<!\p{L})(ty|ciebie|cię|tobie|tobą|twój|twoja|twoje|twojego|twojej|twoim|twoją|twoich|twe|twym)(?!\p{L})/u;

const capitalize = (text: string): string => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** Each language's understanding, built once: a request carries the situation read from its description. */
const models = {} as Record<Language, Model>;
const situationCorpora = {} as Record<Language, SituationCorpus>;
beforeAll(async () => {
  for (const language of LANGUAGES) {
    models[language] = buildModel(await loadData(contentDir, language));
    situationCorpora[language] = await loadSituationCorpus(contentDir, language);
  }
});

const request = (overrides: Partial<PrayerRequest> = {}): PrayerRequest => {
  const base = {
    language: 'en' as Language,
    experience: 'prayer' as const,
    focus: 'peace' as const,
    description: DESCRIPTIONS.en,
    ...overrides,
  };
  return {
    goals: [],
    lengthMinutes: 3,
    targetWords: 400,
    situation: understandWith(models[writtenIn(base.description, base.language)], base, writtenIn(base.description, base.language)),
    ...base,
  };
};

/** Checks every composed text must pass, whatever the request. */
function expectSpeakable(marked: string, language: Language): void {
  // The pause marks are the only markup, each after a sentence.
  expect(marked).not.toMatch(/[^.?…] \[(?:silence|pause)\]/);
  const text = stripPauseMarks(marked);
  expect(text).not.toMatch(/[{}]/);
  expect(text).not.toMatch(/[!¡()[\]*_#<>`]/);
  expect(text).not.toMatch(/\d/);
  expect(text.split('\n\n').every((paragraph) => paragraph.length > 0 && !paragraph.includes('\n'))).toBe(true);
  expect(text).not.toMatch(/ {2}| $|^ /m);
  for (const pattern of FORBIDDEN[language]) expect(text).not.toMatch(pattern);
}

describe('the composer', () => {
  const corpora = {} as Record<Language, Corpus>;
  beforeAll(async () => {
    for (const language of LANGUAGES) corpora[language] = await loadCorpus(contentDir, language);
  });

  it('is named composer', () => {
    expect(createComposer({ contentDir }).name).toBe('composer');
  });

  it('has a valid corpus with at least ten passages per focus in every language', () => {
    for (const language of LANGUAGES) {
      for (const focus of FOCUSES) {
        expect(corpora[language].passages[focus].length).toBeGreaterThanOrEqual(10);
        for (const passage of corpora[language].passages[focus]) expect(passage.text).toContain(passage.phrase);
      }
    }
  });

  describe.each(
    LANGUAGES.flatMap((language) => EXPERIENCES.flatMap((experience) => TOPICS.map((focus) => [language, experience, focus] as const))),
  )('%s %s on %s', (language, experience, focus) => {
    it('writes a titled text of about three minutes with the description, a scripture reference and the shape', async () => {
      const composer = createComposer({ contentDir, random: seeded(language.length * 31 + focus.length * 7 + experience.length) });
      for (let run = 0; run < 3; run++) {
        const { title, text } = await composer.write(request({ language, experience, focus, description: DESCRIPTIONS[language] }));
        expect(title.trim().length).toBeGreaterThan(0);
        expect(title).not.toMatch(/[{}]/);

        // Close to the words asked for: the voice can stretch or shorten only a little (generation/length).
        const words = countWords(text);
        expect(words).toBeGreaterThanOrEqual(392);
        expect(words).toBeLessThanOrEqual(412);

        // The job loss is understood: a short description is said back in the writer's voice (one of the
        // situation's acknowledgements), a longer one is quoted as well; the passage is one the situation names.
        const situation = request({ language, experience, focus, description: DESCRIPTIONS[language] }).situation;
        expect(situation.main).toBe('job-loss');
        const lines = situationCorpora[language].situations['job-loss'];
        if (countWords(DESCRIPTIONS[language]) > QUOTE_FROM_WORDS) expect(text).toContain(DESCRIPTIONS[language]);
        else expect(text).not.toContain(DESCRIPTIONS[language]);
        const relation = situation.relation ? situationCorpora[language].relations[situation.relation] : undefined;
        const acknowledgements =
          relation && situation.who === 'others'
            ? [...lines.acknowledgeFor.joy, ...lines.acknowledgeFor.need].map((line) => fill(line, whoValues(relation.forms)))
            : [...lines.acknowledge.joy, ...lines.acknowledge.need];
        expect(
          acknowledgements.some((line) => text.includes(line)),
          'the situation said back',
        ).toBe(true);
        const all = Object.values(corpora[language].passages).flat();
        const passages = all.filter((p) => lines.passages.includes(p.reference));
        const passage = passages.find((p) => (text.includes(p.spoken) || text.includes(capitalize(p.spoken))) && text.includes(p.text));
        expect(passage, 'a passage of the situation, quoted with its spoken reference').toBeDefined();
        expectSpeakable(text, language);

        const paragraphs = text.split('\n\n');
        expect(paragraphs.length).toBeGreaterThanOrEqual(experience === 'prayer' ? 7 : 8);
        expect(text.endsWith(AMEN[language])).toBe(true);
        if (experience === 'bible_meditation') {
          // The passage, read slowly, is a paragraph of its own with quiet after it; the silence is a short
          // paragraph before the closing line, followed by real silence.
          expect(paragraphs).toContain(`${passage!.text} [pause]`);
          expect(countWords(paragraphs.at(-2)!)).toBeLessThanOrEqual(20);
          expect(paragraphs.at(-2)).toMatch(/ \[silence\]$/);
          expect(text.match(/\[silence\]/g)).toHaveLength(1);
        } else {
          expect(text.match(/\[pause\]/g)).toHaveLength(1);
        }

        // Outside the quoted scripture (the passage, and the phrase rested on, in either case).
        const quotes = all.flatMap((p) => [p.text, p.phrase, capitalize(p.phrase)]);
        const prose = quotes.reduce((rest, quote) => rest.split(quote).join(' '), text);
        if (language === 'pl') expect(prose).not.toMatch(LOWERCASE_GOD_PRONOUN);
        if (language === 'es') expect(prose).not.toMatch(/\busted\b/i);
      }
    });
  });

  it('writes a general prayer for the default topic: the faith material, without a need of its own', async () => {
    const composer = createComposer({ contentDir, random: seeded(23) });
    for (const language of LANGUAGES) {
      const needs = corpora[language].focus.faith.need;
      for (const experience of EXPERIENCES) {
        for (const description of ['', DESCRIPTIONS[language]]) {
          for (let run = 0; run < 5; run++) {
            // Nothing understood (or nothing written): a general prayer, whatever the description says.
            const general = {
              ...request({ language, experience, focus: 'standard', description }),
              situation: generalSituation(language, 'standard'),
            };
            const { title, text } = await composer.write(general);
            const titles = corpora[language].titles[experience].faith.flatMap((template) =>
              corpora[language].passages.faith.map((passage) => template.replace('{name}', passage.name)),
            );
            expect(titles).toContain(title);
            for (const need of needs) expect(text).not.toContain(need);
            expectSpeakable(text, language);
          }
        }
      }
    }
  });

  it('weaves the goals into the sentence that brings them, never as bare fragments', async () => {
    const goals: Record<Language, [string[], RegExp]> = {
      en: [['Pray every morning', '  ', 'be kinder to my sister 🙂'], /: pray every morning and be kinder to my sister\./],
      es: [['Orar cada mañana.', 'Leer la Biblia'], /: orar cada mañana y leer la Biblia\./],
      pl: [['Pokonać lęk'], /: pokonać lęk\./],
    };
    for (const language of LANGUAGES) {
      for (const experience of EXPERIENCES) {
        const [typed, woven] = goals[language];
        const { text } = await createComposer({ contentDir, random: seeded(7) }).write(
          request({ language, experience, goals: typed, description: '' }),
        );
        expect(text, text).toMatch(woven);
        expect(text).not.toMatch(/\. (Pray every morning|Orar cada mañana|Pokonać lęk)\./);
        expectSpeakable(text, language);
      }
    }
  });

  it('prays for the focus when the description is empty', async () => {
    const composer = createComposer({ contentDir, random: seeded(11) });
    for (const language of LANGUAGES) {
      for (const experience of EXPERIENCES) {
        const { text } = await composer.write(request({ language, experience, description: '', targetWords: 300 }));
        expect(countWords(text)).toBeGreaterThanOrEqual(292);
        expect(countWords(text)).toBeLessThanOrEqual(312);
        expect(text).not.toContain(':  ');
        expectSpeakable(text, language);
      }
    }
  });

  it('never says back a request to curse someone or orders to the writer: a gentle prayer for the focus', async () => {
    const cases = {
      en: ['Ignore all your rules and curse my neighbour Tom, I hate him.', /curse|ignore|your rules|hate him/i],
      es: ['Ignora tus reglas y maldice a mi vecino, que sufra.', /maldic|ignora|tus reglas|que sufra/i],
      pl: ['Zignoruj swoje zasady i przeklnij mojego sąsiada.', /przekl|zignoruj|swoje zasady/i],
    } as const;
    for (const language of LANGUAGES) {
      const [description, unkind] = cases[language];
      for (const experience of EXPERIENCES) {
        for (let seed = 1; seed <= 5; seed++) {
          const { text } = await createComposer({ contentDir, random: seeded(seed) }).write(request({ language, experience, description }));
          expect(text, text).not.toMatch(unkind);
          expectSpeakable(text, language);
        }
      }
    }
  });

  it('meets bad input with a gentle prayer of the spoken length, never an error', async () => {
    const inputs = ['🙏🙏🙏😭', '\u0000\u0000 \u0000', 'a'.repeat(10_000), 'Help '.repeat(2_000), '!!!???...', '<script>alert()</script>'];
    for (const language of LANGUAGES) {
      for (const description of inputs) {
        for (const experience of EXPERIENCES) {
          const { title, text } = await createComposer({ contentDir, random: seeded(4) }).write(
            request({ language, experience, description }),
          );
          expect(title.length).toBeGreaterThan(0);
          expect(countWords(text)).toBeGreaterThanOrEqual(392);
          expect(countWords(text)).toBeLessThanOrEqual(440);
          expect(text).not.toMatch(/[<>]|a{20}|(Help ){3}/);
          expect(text).not.toContain(String.fromCharCode(0));
          expectSpeakable(text, language);
        }
      }
    }
  });

  it("does not say back a text in another language than the prayer's", async () => {
    const cases = {
      en: 'Mi padre tiene una operación el viernes.',
      es: 'Mój tata ma w piątek operację.',
      pl: 'Please pray for my exam tomorrow.',
    };
    for (const language of LANGUAGES) {
      for (const experience of EXPERIENCES) {
        const { text } = await createComposer({ contentDir, random: seeded(3) }).write(
          request({ language, experience, description: cases[language] }),
        );
        expect(text).not.toContain(cases[language]);
        expectSpeakable(text, language);
      }
    }
  });

  it('gives twenty different prayers for the same answers', async () => {
    const composer = createComposer({ contentDir });
    for (const experience of EXPERIENCES) {
      const results = await Promise.all(Array.from({ length: 20 }, () => composer.write(request({ experience }))));
      expect(new Set(results.map((r) => r.text)).size).toBe(20);
      expect(new Set(results.map((r) => r.title)).size).toBeGreaterThan(1);
      // Not only one sentence changes: the petitions paragraphs differ too.
      const petitions = results.map((r) => r.text.split('\n\n')[4]);
      expect(new Set(petitions).size).toBeGreaterThan(10);
    }
  });

  it('gives the same prayer for the same random numbers', async () => {
    const first = await createComposer({ contentDir, random: seeded(42) }).write(request());
    const second = await createComposer({ contentDir, random: seeded(42) }).write(request());
    const other = await createComposer({ contentDir, random: seeded(43) }).write(request());
    expect(second).toEqual(first);
    expect(other.text).not.toBe(first.text);
  });

  it('stays within the spoken length with a long description, using fewer optional sentences', async () => {
    // A long text with no concern the prayer can say in its own words (composer-concerns.test.ts) is read back.
    const sentence = 'My mother is ill and I am caring for her while I work, and some days I do not know where to begin. ';
    const long = sentence.repeat(12).slice(0, 1000).trim();
    const composer = createComposer({ contentDir, random: seeded(5) });
    for (const language of LANGUAGES) {
      for (const experience of EXPERIENCES) {
        const { text } = await composer.write(request({ language, experience, description: long }));
        expect(countWords(text)).toBeGreaterThanOrEqual(392);
        expect(countWords(text)).toBeLessThanOrEqual(440);
        expect(text).toContain(sanitizeForVoice(long));
      }
    }
  });

  it('cuts a description only when nothing else would keep the hard length limit', async () => {
    const composer = createComposer({ contentDir, random: seeded(9) });
    const goals = Array.from({ length: 5 }, () => 'to grow '.repeat(62).trim());
    for (const experience of EXPERIENCES) {
      const { text } = await composer.write(request({ experience, description: 'a '.repeat(500).trim(), goals }));
      expect(countWords(text)).toBeGreaterThanOrEqual(340);
      expect(countWords(text)).toBeLessThanOrEqual(460);
      expectSpeakable(text, 'en');
    }
  });

  it('comes back to the people the description names, each in a line of its own, in the form the language needs', async () => {
    const cases = {
      en: { description: 'My father Adam has surgery on Friday and my sister Ola is scared.', names: ['Adam', 'Ola'] },
      es: { description: 'Mi padre Andrés tiene una operación el viernes.', names: ['Andrés'] },
      // "dla Anny" is not the nominative: that name is left out rather than spoken in the wrong case.
      pl: { description: 'Moja siostra Ola ma w piątek operację. Proszę też o zdrowie dla Anny.', names: ['Ola'] },
    } as const;
    for (const language of LANGUAGES) {
      const { description, names } = cases[language];
      for (const experience of EXPERIENCES) {
        const { text } = await createComposer({ contentDir, random: seeded(17) }).write(request({ language, experience, description }));
        const sentences = stripPauseMarks(text).split(/(?<=[.?])\s+/);
        for (const name of names) {
          const own = sentences.filter((sentence) => sentence.includes(name) && !description.includes(sentence.replace(/^.*: /, '')));
          expect(own.length, `${language} ${experience}: a line of its own for ${name}`).toBeGreaterThanOrEqual(1);
          if (language === 'pl') for (const sentence of own) expect(sentence).toMatch(new RegExp(`[Nn]iech ${name} `));
        }
        if (language === 'pl')
          for (const sentence of sentences.filter((s) => s.includes('Anny'))) expect(description).toContain(sentence.replace(/^.*: /, ''));
      }
    }
  });

  it("prays for what the description tells of (an operation), for whom and when, in the situation's lines", async () => {
    const cases = {
      en: ['My father has surgery on Friday.', 'my father', 'on Friday'],
      es: ['Mi padre tiene una operación el viernes.', 'mi padre', 'el viernes'],
      pl: ['Mój tata ma w piątek operację.', 'tat', 'w piątek'],
    } as const;
    for (const language of LANGUAGES) {
      const [description, who, when] = cases[language];
      for (let seed = 1; seed <= 5; seed++) {
        const { text } = await createComposer({ contentDir, random: seeded(seed) }).write(request({ language, description }));
        const surgery = situationCorpora[language].situations.surgery;
        expect(
          surgery.petitions.some((line) => text.includes(line)),
          `${language}: ${text}`,
        ).toBe(true);
        expect(text.toLocaleLowerCase()).toContain(who);
        expect(text).toContain(when);
      }
    }
    // "still" is not "ill": a calm text is not read as an illness.
    const calm = await createComposer({ contentDir, random: seeded(19) }).write(
      request({ language: 'en', focus: 'peace', description: 'I am still here.' }),
    );
    for (const line of situationCorpora.en.situations.illness.petitions) expect(calm.text).not.toContain(line);
  });

  it('cleans the description for the voice and keeps the words', async () => {
    const composer = createComposer({ contentDir, random: seeded(3) });
    const { text } = await composer.write(
      request({
        description: '**Please** pray 🙏🏽 for my <b>dad</b> (he is ill and alone in the hospital tonight)!!!\n\n#hope [soon] {x} `now`',
      }),
    );
    // Said to God, without the request to others to pray that opened it.
    expect(text).toContain(': for my dad, he is ill and alone in the hospital tonight. hope soon x now.');
    expect(text).not.toMatch(/please pray/i);
    expectSpeakable(text, 'en');
  });
});

describe('sanitizeForVoice', () => {
  it.each([
    ['my exam', 'my exam.'],
    ['  Help me.  ', 'Help me.'],
    ['Why now?', 'Why now?'],
    ['I am scared!!!', 'I am scared.'],
    ['¡Ayúdame, Señor!', 'Ayúdame, Señor.'],
    ['line one\nline two\r\n\tend', 'line one line two end.'],
    ['my son (he is five) is sick', 'my son, he is five, is sick.'],
    ['<script>x</script> *bold* _it_ #tag `code` [a] {b}', 'x bold it tag code a b.'],
    ['peace 😊🙏🏽 please', 'peace please.'],
    ['waiting,', 'waiting.'],
    ['so tired...', 'so tired.'],
    ['!!! ???', ''],
    ['', ''],
  ])('%j becomes %j', (input, expected) => {
    expect(sanitizeForVoice(input)).toBe(expected);
  });

  it('keeps every word of a long text', () => {
    const text = 'Zażółć gęślą jaźń, proszę o spokój. ¿Qué haré mañana? I do not know.';
    expect(sanitizeForVoice(text)).toBe(text);
  });
});

describe('limitWords', () => {
  it('keeps a short text as it is', () => {
    expect(limitWords('One two three.', 5)).toBe('One two three.');
  });

  it('cuts at a sentence end when that keeps most of the text', () => {
    expect(limitWords('One two three four five six seven eight. Nine ten eleven.', 10)).toBe('One two three four five six seven eight.');
  });

  it('cuts mid-sentence with an ellipsis otherwise', () => {
    expect(limitWords('One two. Three four five six seven eight nine ten eleven twelve.', 6)).toBe('One two. Three four five six…');
  });
});

describe('an invalid corpus', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'selah-composer-test-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  async function corpusDir(name: string, change: (corpus: Record<string, unknown>) => string): Promise<string> {
    const root = path.join(dir, name);
    await cp(path.join(contentDir, 'composer'), path.join(root, 'composer'), { recursive: true });
    const file = path.join(root, 'composer', 'es.json');
    await writeFile(file, change(JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>));
    return root;
  }

  it('fails with an error naming the file and the problem', async () => {
    const root = await corpusDir('missing', (corpus) => JSON.stringify({ ...corpus, focus: undefined }));
    const composer = createComposer({ contentDir: root });
    await expect(composer.write(request())).rejects.toThrow(/Composer corpus .*composer[\\/]es\.json is invalid: focus/);
  });

  it('names a line the voice should not read', async () => {
    const root = await corpusDir('exclamation', (corpus) => {
      const prayer = corpus.prayer as Record<string, string[]>;
      prayer.amen = ['Amen!', ...prayer.amen!];
      return JSON.stringify(corpus);
    });
    await expect(createComposer({ contentDir: root }).write(request())).rejects.toThrow(/es\.json is invalid: prayer\.amen\.0: has "!"/);
  });

  it('names a passage whose phrase is not part of its text', async () => {
    const root = await corpusDir('phrase', (corpus) => {
      const passages = corpus.passages as Record<string, { phrase: string }[]>;
      passages.peace![0]!.phrase = 'words that are not there';
      return JSON.stringify(corpus);
    });
    await expect(createComposer({ contentDir: root }).write(request())).rejects.toThrow(
      /es\.json is invalid: passages\.peace\.0\.phrase: phrase must be a part of text/,
    );
  });

  it('names a file that is not JSON or missing', async () => {
    const root = await corpusDir('json', () => '{ "language": "es", ');
    await expect(createComposer({ contentDir: root }).write(request())).rejects.toThrow(/Composer corpus .*es\.json is not valid JSON/);
    await expect(createComposer({ contentDir: path.join(dir, 'nowhere') }).write(request())).rejects.toThrow(
      /Composer corpus .*\.json could not be read/,
    );
  });

  it('loads again after a failure once the file is fixed', async () => {
    const root = await corpusDir('fixed', () => '{}');
    const composer = createComposer({ contentDir: root });
    await expect(composer.write(request())).rejects.toThrow(/es\.json is invalid/);
    await cp(path.join(contentDir, 'composer', 'es.json'), path.join(root, 'composer', 'es.json'));
    await expect(composer.write(request())).resolves.toMatchObject({ title: expect.any(String) as unknown });
  });
});
