import path from 'node:path';
import { LANGUAGES, type Language } from '@selah/domain/languages';
import { inSentence } from '@selah/domain/text';
import { z } from 'zod';
import type { Situation } from '../understanding/situation';
import { loadCorpusFile, loadEveryLanguage } from './corpus-file';
import { fill, limitWords, sanitizeForVoice } from './composer';
import { line } from './composer-lines';
import { speakableTypedText } from '../text/typed-text';
import { JOURNEY_DAY_SECONDS, lengthForWords, wordsForLength } from '../length';
import { stripPauseMarks } from '../text/pauses';
import { countWords } from '../text/words';
import type { JourneyWriter, WrittenJourney, WrittenJourneyDay } from './writer';

/**
 * The writer of the personalized journey "Pray for your family" (journey type ancestors): from the words a
 * person wrote about the family members they lost ("my grandmother Rosa and my father Jan"), seven days of
 * prayer, each with its fixed title, a verse, a reflection and a prayer that names the people in the
 * person's own words, and the script the voice reads. Composed from the corpus in
 * content/composer/ancestors/{en,es,pl}.json (written by shared/CONTENT.md: gentle, grateful, hopeful; it
 * never claims to know where a person is now, and entrusts them to God's mercy). Every part has several
 * variants, drawn at random, so that the same words twice give different journeys.
 */
export interface AncestorsWriterOptions {
  /** The content folder: the corpus is read from {contentDir}/composer/ancestors/{language}.json. */
  contentDir: string;
  /** A number in [0, 1), as Math.random (the default); tests pass a seeded one. */
  random?: () => number;
}

export interface AncestorsRequest {
  language: Language;
  /** Who the person wants to pray for, as they wrote it (trimmed, up to 500 characters, any language). */
  input: string;
  /** The voice's measured pace in the language (words a minute of speech with its gaps): days are written to last JOURNEY_DAY_SECONDS. */
  wordsPerMinute: number;
  /**
   * What the understanding read in the input: a text that asks for something unkind, or gives the writer orders,
   * is never said back (the days name "those I love" instead). Names in another language are still said.
   */
  situation?: Situation;
}

export type { WrittenJourney, WrittenJourneyDay };

/** The ancestors journey's writer (the JourneyWriter of writer.ts, with its name fixed). */
export interface AncestorsWriter extends JourneyWriter {
  readonly name: 'ancestors-composer';
  write(request: AncestorsRequest): Promise<WrittenJourney>;
}

export const ANCESTORS_DAYS = 7;

export function createAncestorsWriter(options: AncestorsWriterOptions): AncestorsWriter {
  const random = options.random ?? Math.random;
  let corpora: Promise<Record<Language, AncestorsCorpus>> | undefined;
  const load = () => {
    corpora ??= loadCorpora(options.contentDir).catch((error: unknown) => {
      corpora = undefined;
      throw error;
    });
    return corpora;
  };
  return {
    name: 'ancestors-composer',
    async write(request: AncestorsRequest): Promise<WrittenJourney> {
      const corpus = (await load())[request.language];
      const input = request.situation?.unkind ? '' : request.input;
      return compose(corpus, input, random, request.wordsPerMinute);
    },
  };
}

// ---- the corpus ----

/** The reflection's length (CONTENT.md: a journey day has a reflection of 120-200 words). */
const REFLECTION_WORDS = { min: 120, max: 200 };
/** The prayer focus: 60-120 words. */
const PRAYER_WORDS = { min: 60, max: 120 };
/** Words kept free for the person's own words: the fixed parts of a prayer leave at least this much room. */
const PEOPLE_ROOM = 30;

const PEOPLE = ['people'];
const REFERENCE = ['reference', 'Reference'];

/** A spoken sentence (or a few): plain text that ends with a full stop or a question mark. */
/** A sentence, which may carry a pause mark for the voice after its end punctuation (text/pauses). */
const sentence = line().refine((text) => /[.?](?: \[(?:silence|pause)\])?$/.test(text), 'must end with a full stop or a question mark');
const sentences = (min: number) => z.array(sentence).min(min);

/** A sentence that ends with {people}: the person's words are inserted there, with their own end punctuation. */
const peopleSentence = line(PEOPLE, [PEOPLE]).refine(
  (text) => text.endsWith('{people}'),
  'must end with {people}, where the person’s words are inserted with their own end punctuation',
);

const verseSchema = z
  .object({
    /** As the language writes it (Psalm 23:4, Salmo 23:4, Psalm 23,4): shown, never voiced. */
    reference: z.string().trim().min(1),
    /** The reference as the voice reads it, numbers in words ("Psalm twenty-three, verse four"). */
    spoken: line(),
    /** The verse, quoted exactly from the public-domain translation. */
    text: sentence,
  })
  .strict();

const words = (texts: readonly string[]): number[] => texts.map((text) => countWords(text.replace(/\{\w+\}/g, '')));
const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);

const daySchema = z
  .object({
    /** The fixed title (spec: the plan page's seven day cards). */
    title: line(),
    subtitle: line(),
    verses: z.array(verseSchema).min(2),
    reflection: z.object({ opening: sentences(2), body: sentences(2), closing: sentences(2) }).strict(),
    prayer: z
      .object({ opening: sentences(2), people: z.array(peopleSentence).min(2), petitions: sentences(3), closing: sentences(2) })
      .strict(),
  })
  .strict()
  .superRefine((day, ctx) => {
    // Every reflection that can be drawn (one opening, one body, one closing) is within the length.
    const parts = [day.reflection.opening, day.reflection.body, day.reflection.closing].map(words);
    const shortest = sum(parts.map((counts) => Math.min(...counts)));
    const longest = sum(parts.map((counts) => Math.max(...counts)));
    if (shortest < REFLECTION_WORDS.min || longest > REFLECTION_WORDS.max) {
      ctx.addIssue({
        code: 'custom',
        path: ['reflection'],
        message: `a reflection can be ${shortest} to ${longest} words, expected ${REFLECTION_WORDS.min} to ${REFLECTION_WORDS.max}`,
      });
    }
    // The fixed parts of a prayer leave room for the person's words, and with every petition reach the length.
    const { opening, people, petitions, closing } = day.prayer;
    const fixed = [opening, people, closing].map(words);
    const longestFixed = sum(fixed.map((counts) => Math.max(...counts))) + Math.max(...words(petitions));
    const shortestFull = sum(fixed.map((counts) => Math.min(...counts))) + sum(words(petitions));
    if (longestFixed > PRAYER_WORDS.max - PEOPLE_ROOM) {
      ctx.addIssue({
        code: 'custom',
        path: ['prayer'],
        message: `a prayer can have ${longestFixed} words before the person's words, at most ${PRAYER_WORDS.max - PEOPLE_ROOM}`,
      });
    }
    if (shortestFull < PRAYER_WORDS.min) {
      ctx.addIssue({
        code: 'custom',
        path: ['prayer', 'petitions'],
        message: `a prayer with every petition can be only ${shortestFull} words, at least ${PRAYER_WORDS.min} needed`,
      });
    }
  });

const corpusSchema = z
  .object({
    language: z.enum(LANGUAGES),
    journey: z
      .object({
        /** The journey's title (shown, not voiced). */
        titles: z.array(line()).min(2),
        /** The journey's subtitle, with a short form of the person's words. */
        subtitles: z.array(line(PEOPLE, [PEOPLE])).min(2),
        /** Said instead of the person's words when nothing speakable is left of them (only emoji, say). */
        peopleFallback: sentences(1),
      })
      .strict(),
    /** The opening line of each day's script, naming the spoken reference. */
    introduce: z.array(line(REFERENCE, [REFERENCE])).min(2),
    days: z.array(daySchema).length(ANCESTORS_DAYS),
  })
  .strict()
  .superRefine((corpus, ctx) => {
    // Each verse belongs to one day, so that the seven days never repeat a verse.
    const seen = new Map<string, number>();
    corpus.days.forEach((day, d) => {
      day.verses.forEach((verse, v) => {
        const first = seen.get(verse.reference);
        if (first !== undefined) {
          ctx.addIssue({
            code: 'custom',
            path: ['days', d, 'verses', v],
            message: `${verse.reference} is already a verse of day ${first + 1}`,
          });
        } else seen.set(verse.reference, d);
      });
    });
    const titles = corpus.days.map((day) => day.title);
    if (new Set(titles).size !== titles.length) ctx.addIssue({ code: 'custom', path: ['days'], message: 'the day titles must differ' });
  });

export type AncestorsCorpus = z.infer<typeof corpusSchema>;
type Day = AncestorsCorpus['days'][number];

/** The path of a language's corpus file. */
export const ancestorsCorpusFile = (contentDir: string, language: Language): string =>
  path.join(contentDir, 'composer', 'ancestors', `${language}.json`);

/** Reads and validates one corpus file; the error names the file and what is wrong with it. */
export const loadAncestorsCorpus = (contentDir: string, language: Language): Promise<AncestorsCorpus> =>
  loadCorpusFile('Ancestors corpus', ancestorsCorpusFile(contentDir, language), corpusSchema, language);

const loadCorpora = (contentDir: string): Promise<Record<Language, AncestorsCorpus>> =>
  loadEveryLanguage((language) => loadAncestorsCorpus(contentDir, language));

// ---- composing ----

/** The person's words are cut to this many (500 characters rarely reach it): the prayer stays a prayer. */
const PEOPLE_WORDS = 80;
/** The subtitle carries a short form of them. */
const SUBTITLE_PEOPLE_WORDS = 12;
/**
 * Petitions are added until the prayer has about this many words (the required parts may exceed it): what the
 * day's length leaves after the verse and the reflection, within the prayer's bounds (PRAYER_WORDS).
 */
const PRAYER_SLACK_WORDS = 12;

interface Draw {
  pick: <T>(items: readonly T[]) => T;
  shuffle: <T>(items: readonly T[]) => T[];
  /** Words that fill a day's length at the voice's pace. */
  dayWords: number;
  /** The voice's pace, in words a minute: each day's own length follows from its words. */
  wordsPerMinute: number;
}

function compose(corpus: AncestorsCorpus, input: string, random: () => number, wordsPerMinute: number): WrittenJourney {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] ?? items[0]!;
  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy;
  };
  const dayWords = wordsForLength({ seconds: JOURNEY_DAY_SECONDS, wordsPerMinute, experience: 'journey-day' });
  const draw: Draw = { pick, shuffle, dayWords, wordsPerMinute };

  // The person's words, cleaned for the voice and kept as typed; the subtitle has a short form without end punctuation.
  // They always follow a colon mid-sentence, so a first word capitalised only for coming first starts small
  // ("… I love and miss: my grandmother Rosa"); names stay as written.
  const cleaned = inSentence(limitWords(sanitizeForVoice(speakableTypedText(input, corpus.language)), PEOPLE_WORDS), corpus.language);
  const people = cleaned || pick(corpus.journey.peopleFallback);
  const shortPeople = limitWords(people, SUBTITLE_PEOPLE_WORDS).replace(/[.?]+$/, '');

  const journey: WrittenJourney = {
    title: pick(corpus.journey.titles),
    subtitle: fill(pick(corpus.journey.subtitles), { people: shortPeople }),
    days: corpus.days.map((day, i) => composeDay(day, i + 1, people, corpus.introduce, draw)),
  };
  const texts = [journey.title, journey.subtitle, ...journey.days.flatMap((d) => [d.reflection, d.prayer, d.script])];
  if (texts.some((text) => /[{}]/.test(text))) {
    throw new Error('ancestors-composer: a placeholder was left in the text');
  }
  return journey;
}

function composeDay(
  day: Day,
  dayNumber: number,
  people: string,
  introduce: readonly string[],
  { pick, shuffle, dayWords, wordsPerMinute }: Draw,
): WrittenJourneyDay {
  const verse = pick(day.verses);
  const introduction = fill(pick(introduce), { reference: verse.spoken });

  const reflection = [pick(day.reflection.opening), pick(day.reflection.body), pick(day.reflection.closing)];
  const before = countWords([introduction, verse.text, ...reflection].join(' '));
  const prayerWords = Math.min(PRAYER_WORDS.max, Math.max(PRAYER_WORDS.min + PRAYER_SLACK_WORDS, dayWords - before));
  const prayerTarget = { min: prayerWords - PRAYER_SLACK_WORDS, max: Math.min(PRAYER_WORDS.max, prayerWords + PRAYER_SLACK_WORDS) };

  // The prayer: an address to God, the people in the person's words, one petition or more, and a closing.
  const opening = pick(day.prayer.opening);
  const naming = fill(pick(day.prayer.people), { people });
  const closing = pick(day.prayer.closing);
  const [first, ...others] = shuffle(day.prayer.petitions.map((_, index) => index));
  const chosen = [first!];
  let total = countWords(`${opening} ${naming} ${closing}`) + countWords(day.prayer.petitions[first!]!);
  for (const index of others) {
    if (total >= prayerTarget.min) break;
    const count = countWords(day.prayer.petitions[index]!);
    if (total + count > prayerTarget.max) continue;
    chosen.push(index);
    total += count;
  }
  // The petitions keep the order they have in the corpus, which reads naturally.
  const petitions = chosen.sort((a, b) => a - b).map((index) => day.prayer.petitions[index]!);
  const prayer = [`${opening} ${naming}`, [...petitions, closing].join(' ')];

  const script = [introduction, verse.text, ...reflection, ...prayer];
  const spoken = script.join(' ');
  return {
    dayNumber,
    title: day.title,
    subtitle: day.subtitle,
    bibleVerse: { text: verse.text, reference: verse.reference },
    // People read the texts without the voice's pause marks.
    reflection: stripPauseMarks(reflection.join('\n\n')),
    prayer: stripPauseMarks(prayer.join('\n\n')),
    script: script.join('\n\n'),
    // The day's own length: what its words take at the voice's pace (the corpus cannot always fill the aim).
    targetSeconds: lengthForWords({
      words: countWords(spoken),
      wordsPerMinute,
      silences: spoken.split('[silence]').length - 1,
      scripturePauses: spoken.split('[pause]').length - 1,
    }),
  };
}
