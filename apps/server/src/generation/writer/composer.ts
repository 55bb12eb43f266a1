import path from 'node:path';
import { LANGUAGES, type Language } from '@selah/domain/languages';
import { speakableTypedText } from '../text/typed-text';
import { DEFAULT_TOPIC, FOCUSES, type Focus, type Topic } from '@selah/domain/records';
import { z } from 'zod';
import { loadCorpusFile, loadEveryLanguage } from './corpus-file';
import { PAUSE_MARKS, stripPauseMarks } from '../text/pauses';
import { namesIn } from '../text/names';
import { splitIntoSentences } from '../text/split-sentences';
import { countWords } from '../text/words';
import type { PrayerRequest, PrayerWriter, WrittenPrayer } from './writer';

/**
 * The built-in writer (the default, and the fallback of the chat writer): composes a prayer or a Bible
 * meditation from the corpus in content/composer/{en,es,pl}.json, written by shared/CONTENT.md. Every block
 * has several variants and the optional sentences are drawn at random until the text is about the spoken
 * length, so that the same answers twice give different prayers. The person's description is woven in in
 * their own words (cleaned for the voice), and their goals into a petition.
 */
export interface ComposerOptions {
  /** The content folder: the corpus is read from {contentDir}/composer/{language}.json. */
  contentDir: string;
  /** A number in [0, 1), as Math.random (the default); tests pass a seeded one. */
  random?: () => number;
}

export function createComposer(options: ComposerOptions): PrayerWriter {
  const random = options.random ?? Math.random;
  let corpora: Promise<Record<Language, Corpus>> | undefined;
  const load = () => {
    corpora ??= loadCorpora(options.contentDir).catch((error: unknown) => {
      corpora = undefined;
      throw error;
    });
    return corpora;
  };
  return {
    name: 'composer',
    async write(request: PrayerRequest): Promise<WrittenPrayer> {
      const corpus = (await load())[request.language];
      return compose(corpus, request, random);
    },
  };
}

// ---- the corpus ----

/** Occasions a description can name, each prayed for in a line of its own. */
export const OCCASIONS = ['surgery', 'illness', 'exam', 'work', 'birth', 'grief', 'travel', 'wedding'] as const;
/** A prayer speaks to at most this many occasions of a description. */
const MAX_OCCASIONS = 2;

/** Characters a voice should not read (and markup): never in the corpus's spoken text. */
const UNSPOKEN = /[!¡()[\]{}*_#<>"“”„«»`|\\~^]|\d/;
const PLACEHOLDER = /\{(\w+)\}/g;

/** A spoken line: plain text, only the placeholders allowed, and at least one of each required group. */
export function line(allowed: readonly string[] = [], required: readonly (readonly string[])[] = []) {
  return z
    .string()
    .trim()
    .min(1)
    .superRefine((value, ctx) => {
      const names = [...value.matchAll(PLACEHOLDER)].map((match) => match[1]!);
      for (const name of names) {
        if (!allowed.includes(name)) ctx.addIssue({ code: 'custom', message: `unknown placeholder {${name}}` });
      }
      for (const group of required) {
        if (!group.some((name) => names.includes(name))) {
          ctx.addIssue({ code: 'custom', message: `needs the placeholder {${group.join('} or {')}}` });
        }
      }
      // The pause marks ([silence], [pause]) are for the voice: a writer may end a sentence with one.
      const bare = value.replace(PLACEHOLDER, '').replace(/ \[(?:silence|pause)\](?= |$)/g, '');
      const unspoken = UNSPOKEN.exec(bare);
      if (unspoken) ctx.addIssue({ code: 'custom', message: `has "${unspoken[0]}", which the voice should not read` });
    });
}

const lines = (min: number, allowed: readonly string[] = [], required: readonly (readonly string[])[] = []) =>
  z.array(line(allowed, required)).min(min);

const perFocus = <T extends z.ZodType>(schema: T) => z.record(z.enum(FOCUSES), schema);

const passageSchema = z
  .object({
    /** As the language writes it (Psalm 23:4, Salmo 23:4, Psalm 23,4): for people and logs, never voiced. */
    reference: z.string().trim().min(1),
    /** The reference as the voice reads it, numbers in words ("Psalm twenty-three, verse four"). */
    spoken: line(),
    /** Book and chapter for titles ("Psalm 23"). */
    name: z.string().trim().min(1),
    /** The verses, quoted exactly from the public-domain translation. */
    text: line().refine((text) => /[.?]$/.test(text), 'must end with a full stop or a question mark'),
    /** A few words of the text to rest on, without end punctuation. */
    phrase: line().refine((phrase) => !/[.,;:?]$/.test(phrase), 'must not end with punctuation'),
  })
  .strict()
  .refine((passage) => passage.text.includes(passage.phrase), { message: 'phrase must be a part of text', path: ['phrase'] });

const REFERENCE = ['reference', 'Reference'];
const PHRASE = ['phrase', 'Phrase'];

const corpusSchema = z
  .object({
    language: z.enum(LANGUAGES),
    passages: perFocus(z.array(passageSchema).min(10)),
    titles: z
      .object({
        prayer: perFocus(lines(3)),
        bible_meditation: perFocus(lines(3, ['name'])),
      })
      .strict(),
    prayer: z
      .object({
        adoration: lines(3),
        adorationMore: lines(3),
        thanksgiving: lines(3),
        thanksgivingMore: lines(3),
        scripture: lines(3, [...REFERENCE, 'text'], [REFERENCE, ['text']]),
        scriptureMore: lines(2),
        confession: lines(2),
        othersIntro: lines(2),
        trust: lines(3),
        trustMore: lines(3),
        amen: lines(3),
      })
      .strict(),
    meditation: z
      .object({
        opening: lines(3),
        openingMore: lines(3),
        introduce: lines(3, REFERENCE, [REFERENCE]),
        readAgain: lines(2),
        phrase: lines(3, PHRASE, [PHRASE]),
        phraseMore: lines(3),
        reflectionMore: lines(3),
        response: lines(3),
        silence: lines(3),
        closing: lines(3),
      })
      .strict(),
    intention: z
      .object({
        withDescription: lines(3, ['description'], [['description']]),
        withoutDescription: lines(3),
        more: lines(2),
      })
      .strict(),
    /** Lines before and after the person's goals, for one goal and for several (they agree in number). */
    /**
     * What a description may be about (an operation, an exam, a birth...): words that tell it (lower case, a start
     * of a word is enough), and lines that pray for it.
     */
    occasions: z.record(z.enum(OCCASIONS), z.object({ words: z.array(z.string().trim().min(2)).min(1), lines: lines(2) }).strict()),
    /** Lines that speak of a person the description names ({name} in the nominative: a subject or after a preposition). */
    names: lines(6, ['name'], [['name']]),
    goals: z
      .object({
        intro: z.object({ one: lines(3), many: lines(3) }).strict(),
        outro: z.object({ one: lines(3), many: lines(3) }).strict(),
      })
      .strict(),
    focus: perFocus(
      z
        .object({
          need: lines(2),
          anchors: lines(2),
          petitions: lines(4),
          others: lines(3),
          reflections: lines(3),
        })
        .strict(),
    ),
  })
  .strict();

export type Corpus = z.infer<typeof corpusSchema>;
type Passage = z.infer<typeof passageSchema>;

/** The path of a language's corpus file. */
export const corpusFile = (contentDir: string, language: Language): string => path.join(contentDir, 'composer', `${language}.json`);

/** Reads and validates one corpus file; the error names the file and what is wrong with it. */
export const loadCorpus = (contentDir: string, language: Language): Promise<Corpus> =>
  loadCorpusFile('Composer corpus', corpusFile(contentDir, language), corpusSchema, language);

const loadCorpora = (contentDir: string): Promise<Record<Language, Corpus>> =>
  loadEveryLanguage((language) => loadCorpus(contentDir, language));

// ---- the person's words, cleaned for the voice ----

/** Emoji and their parts: pictographs, flags, skin tones, variation selectors, joiners and keycaps. */
const EMOJI = /\p{Extended_Pictographic}|[\u{1F1E6}-\u{1F1FF}]|[\u{1F3FB}-\u{1F3FF}]|\u{FE0E}|\u{FE0F}|\u{200D}|\u{20E3}/gu;

/**
 * Text a person typed, made safe for the voice: one line, no markup characters, brackets or emoji, no
 * exclamation marks (the voice stays calm), ending with sentence punctuation. Words are kept as typed.
 */
export function sanitizeForVoice(input: string): string {
  let text = input
    .normalize('NFC')
    .replace(/<[^<>]*>/g, ' ')
    .replace(EMOJI, '')
    .replace(/\p{Cc}/gu, ' ')
    .replace(/[<>*_#`[\]{}|\\~^"“”„«»]/g, '')
    .replace(/[()]/g, ', ')
    .replace(/¡/g, '')
    .replace(/!+/g, '.')
    .replace(/\s+/g, ' ')
    .replace(/ ([,.;:?…])/g, '$1')
    .replace(/,(?:\s*,)+/g, ',')
    .replace(/,([.;:?…])/g, '$1')
    .replace(/([.?…])[.,;:]+/g, '$1')
    .replace(/^[\s,.;:?…\-–—]+/, '')
    .replace(/[\s,;:\-–—]+$/, '')
    .trim();
  if (!text) return '';
  if (!/[.?…]$/.test(text)) text += '.';
  return text;
}

/** At most `max` words: cut at a sentence end when that keeps most of it, else mid-sentence with an ellipsis. */
export function limitWords(text: string, max: number): string {
  if (countWords(text) <= max) return text;
  const kept: string[] = [];
  let count = 0;
  for (const token of text.split(' ')) {
    if (/[\p{L}\p{N}]/u.test(token)) {
      if (count === max) break;
      count++;
    }
    kept.push(token);
  }
  const cut = kept.join(' ');
  const sentenceEnd = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('? '), cut.lastIndexOf('… '));
  if (sentenceEnd >= cut.length * 0.6) return cut.slice(0, sentenceEnd + 1);
  return `${cut.replace(/[\s,.;:?…\-–—]+$/, '')}…`;
}

const capitalize = (text: string): string => text.charAt(0).toLocaleUpperCase() + text.slice(1);

// ---- composing ----

/** Each goal is cut to this many words, and all of them together to GOALS_WORDS. */
const GOAL_WORDS = 30;
const GOALS_WORDS = 60;
/** The description is never cut below this many words. */
const MIN_DESCRIPTION_WORDS = 20;

/** A run of sentences in a paragraph: the ones chosen, and optional ones that may be added to reach the length. */
interface Slot {
  chosen: string[];
  optional: string[];
}
type Paragraph = Slot[];

/** A sentence as it is compared with what a person heard: lower case, single spaces, no end punctuation. */
const sentenceKey = (sentence: string): string =>
  sentence
    .toLocaleLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[.?…;:,\s]+$/, '')
    .trim();

/** The sentences a person heard in their recent prayers, as keys. */
function heardSentences(request: PrayerRequest): Set<string> {
  const texts = request.heard ?? [];
  return new Set(texts.flatMap((text) => splitIntoSentences(stripPauseMarks(text), request.language)).map(sentenceKey));
}

function compose(corpus: Corpus, request: PrayerRequest, random: () => number): WrittenPrayer {
  const heard = heardSentences(request);
  // What a line will sound like once filled (the values known so far), to compare it with what was heard.
  const known: Record<string, string> = {};
  const spoken = (line: string) =>
    line.replace(PLACEHOLDER, (whole, name: string) => known[name.charAt(0).toLowerCase() + name.slice(1)] ?? whole);
  const isHeard = (text: string): boolean =>
    heard.size > 0 && splitIntoSentences(spoken(text), request.language).some((sentence) => heard.has(sentenceKey(sentence)));
  const randomOrder = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy;
  };
  // Lines the person has not heard lately come first (in random order), then the others: two prayers in a row
  // share only what the corpus cannot avoid.
  const shuffle = <T>(items: readonly T[], text: (item: T) => string = String): T[] => {
    const fresh = items.filter((item) => !isHeard(text(item)));
    const stale = items.filter((item) => isHeard(text(item)));
    return [...randomOrder(fresh), ...randomOrder(stale)];
  };
  const pick = <T>(items: readonly T[], text: (item: T) => string = String): T => {
    const fresh = items.filter((item) => !isHeard(text(item)));
    const from = fresh.length > 0 ? fresh : items;
    return from[Math.floor(random() * from.length)] ?? from[0]!;
  };
  const sample = <T>(items: readonly T[], max: number): T[] => shuffle(items).slice(0, max);
  const slot = (chosen: readonly string[], optional: readonly string[] = []): Slot => ({ chosen: [...chosen], optional: [...optional] });

  const { focus, experience } = request;
  const theme = themeOf(focus);
  const material = corpus.focus[theme];
  const passage: Passage = pick(corpus.passages[theme], (p) => p.text);
  const values = { reference: passage.spoken, text: passage.text, phrase: passage.phrase, name: passage.name };

  // The person's words: the description in an intention sentence, the goals in a petition.
  const description = sanitizeForVoice(speakableTypedText(request.description, request.language));
  Object.assign(known, values, { description });
  const intentionTemplate = description ? pick(corpus.intention.withDescription) : pick(corpus.intention.withoutDescription);
  // The occasions the description tells of (an operation, an exam...) each get a line right after it.
  const lowered = ` ${description.toLocaleLowerCase()} `;
  const startsWord = (word: string) =>
    new RegExp(`(?<!\\p{L})${word.toLocaleLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'u').test(lowered);
  const occasions = Object.values(corpus.occasions)
    .filter((occasion) => occasion.words.some(startsWord))
    .slice(0, MAX_OCCASIONS)
    .map((occasion) => pick(occasion.lines));
  const intention = slot([fill(intentionTemplate, { description }), ...occasions], sample(corpus.intention.more, 2));
  const goals = goalSentences(request.goals.map((goal) => speakableTypedText(goal, request.language)));
  // The people the description names, each in a line of their own: the prayer comes back to them.
  const nameLines = shuffle(corpus.names);
  const namesSlot = slot(namesIn(description, request.language).map((name, i) => fill(nameLines[i % nameLines.length]!, { name })));
  const number = goals.length === 1 ? 'one' : 'many';
  const goalsSlot = slot(goals.length > 0 ? [pick(corpus.goals.intro[number]), ...goals, pick(corpus.goals.outro[number])] : []);

  // The honest need of the focus: always in a prayer without a description; otherwise room permitting. A general
  // prayer names no need of its own: the person's intention (or the words for what they carry) stands for it.
  const needLine = pick(material.need);
  const need = focus === DEFAULT_TOPIC ? slot([]) : experience === 'prayer' && !description ? slot([needLine]) : slot([], [needLine]);
  const [anchor, ...otherAnchors] = shuffle(material.anchors);
  const petitions = shuffle([...material.petitions, ...otherAnchors]);
  const [firstOther, ...moreOthers] = shuffle(material.others);

  let paragraphs: Paragraph[];
  if (experience === 'prayer') {
    paragraphs = [
      [slot([pick(corpus.prayer.adoration)], shuffle(corpus.prayer.adorationMore))],
      [slot([pick(corpus.prayer.thanksgiving)], shuffle(corpus.prayer.thanksgivingMore))],
      // Quiet after the quotation, before the prayer goes on.
      [slot([`${fill(pick(corpus.prayer.scripture), values)} ${PAUSE_MARKS.pause}`], shuffle(corpus.prayer.scriptureMore))],
      [need, intention, slot([], sample(corpus.prayer.confession, 3))],
      [namesSlot, slot([anchor!], petitions), goalsSlot],
      [slot([pick(corpus.prayer.othersIntro), firstOther!], moreOthers)],
      [slot([pick(corpus.prayer.trust)], shuffle(corpus.prayer.trustMore))],
      [slot([pick(corpus.prayer.amen)])],
    ];
  } else {
    const [reflection, ...moreReflections] = shuffle(material.reflections);
    paragraphs = [
      [slot([pick(corpus.meditation.opening)], shuffle(corpus.meditation.openingMore))],
      [slot([fill(pick(corpus.meditation.introduce), values)])],
      // Quiet after the passage, before it is read again or the meditation goes on.
      [slot([`${passage.text} ${PAUSE_MARKS.pause}`])],
      [slot([], [`${pick(corpus.meditation.readAgain)} ${passage.text}`])],
      [slot([fill(pick(corpus.meditation.phrase), values)], sample(corpus.meditation.phraseMore, 4))],
      [slot([reflection!], shuffle([...moreReflections, ...corpus.meditation.reflectionMore]).slice(0, 8))],
      [slot([pick(corpus.meditation.response)]), need, intention, namesSlot],
      [
        slot([anchor!], petitions.slice(0, 6)),
        goalsSlot,
        slot([], shuffle([...moreOthers.slice(0, 3), ...sample(corpus.prayer.trustMore, 4)])),
      ],
      // The silence the line invites is real: several seconds of quiet under the bed.
      [slot([`${pick(corpus.meditation.silence)} ${PAUSE_MARKS.silence}`])],
      [slot([pick(corpus.meditation.closing)])],
    ];
  }

  // The length: a long description leaves room for fewer optional sentences, and is cut only past the hard limit.
  const target = request.targetWords;
  // Close to the target, since the voice can only stretch or shorten the result by so much (generation/length).
  const window = { min: target - 8, max: target + 12 };
  const hardMax = Math.round(target * 1.1);
  if (description) {
    const excess = wordsOf(paragraphs) - (hardMax - 10);
    if (excess > 0) {
      const limited = limitWords(description, Math.max(MIN_DESCRIPTION_WORDS, countWords(description) - excess));
      intention.chosen[0] = fill(intentionTemplate, { description: limited });
    }
  }
  addOptional(paragraphs, window, shuffle);

  const text = paragraphs
    .map((paragraph) => paragraph.flatMap((s) => s.chosen).join(' '))
    .filter((paragraph) => paragraph.length > 0)
    .join('\n\n');
  const title = fill(pick(corpus.titles[experience][theme]), values);
  if (/[{}]/.test(text) || /[{}]/.test(title)) throw new Error('composer: a placeholder was left in the text');
  return { title, text };
}

/**
 * The corpus material a topic draws on. A general prayer ('standard', the default when no focus was chosen) rests
 * on trust in God, the heart of every prayer: the faith material, without its need (see compose).
 */
export function themeOf(topic: Topic): Focus {
  return topic === DEFAULT_TOPIC ? 'faith' : topic;
}

/** Fills {name} placeholders; {Name} gives the value with a capital first letter. Values are inserted as is. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    const key = name.charAt(0).toLowerCase() + name.slice(1);
    const value = values[key];
    if (value === undefined) throw new Error(`composer: no value for ${whole}`);
    return key === name ? value : capitalize(value);
  });
}

/** The non-blank goals as sentences, each cut to a few words, all together to GOALS_WORDS. */
function goalSentences(goals: readonly string[]): string[] {
  const sentences: string[] = [];
  let total = 0;
  for (const goal of goals) {
    const cleaned = sanitizeForVoice(goal);
    if (!cleaned) continue;
    const room = GOALS_WORDS - total;
    if (room < 5) break;
    const sentence = capitalize(limitWords(cleaned, Math.min(GOAL_WORDS, room)));
    sentences.push(sentence);
    total += countWords(sentence);
  }
  return sentences;
}

const wordsOf = (paragraphs: readonly Paragraph[]): number =>
  paragraphs.flat().reduce((sum, s) => sum + s.chosen.reduce((words, sentence) => words + countWords(sentence), 0), 0);

/**
 * Adds optional sentences, taking turns between the slots (in a random order) so that every part of the
 * prayer can grow, until the text reaches the window; a sentence that would overshoot it is skipped.
 */
function addOptional(paragraphs: Paragraph[], window: { min: number; max: number }, shuffle: <T>(items: readonly T[]) => T[]): void {
  let total = wordsOf(paragraphs);
  const slots = shuffle(paragraphs.flat().filter((s) => s.optional.length > 0));
  while (total < window.min) {
    let offered = false;
    for (const s of slots) {
      if (total >= window.min) break;
      const next = s.optional.shift();
      if (next === undefined) continue;
      offered = true;
      const words = countWords(next);
      if (total + words <= window.max) {
        s.chosen.push(next);
        total += words;
      }
    }
    if (!offered) break;
  }
}
