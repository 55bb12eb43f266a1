import path from 'node:path';
import { LANGUAGES, type Language } from '@selah/domain/languages';
import { accentVocabulary, restoreAccents, type AccentVocabulary } from '../text/accents';
import { loadCuratedTexts, stringsOf } from './corpus-file';
import { confessing } from './situation-notes';
import { sayableToGod, speakableTypedText } from '../text/typed-text';
import { DEFAULT_TOPIC, FOCUSES, type Focus, type Topic } from '@selah/domain/records';
import { z } from 'zod';
import { line, PLACEHOLDER } from './composer-lines';
import { loadCorpusFile, loadEveryLanguage } from './corpus-file';
import { PAUSE_MARKS, stripPauseMarks } from '../text/pauses';
import { splitIntoSentences } from '../text/split-sentences';
import { countWords } from '../text/words';
import type { PrayerRequest, PrayerWriter, WrittenPrayer } from './writer';
import { loadSituationCorpus, neverSchema, whoValues, type SituationCorpus } from './situation-corpus';
import { fittingFirst, type VerifiedScripture } from './chat-checks';
import { loadPlans, type Plans, type Section } from './situation-plans';
import { forbiddingTags, GENERAL, plannedSituation, toneOf, type Concern, type Relation, type Situation } from '../understanding/situation';

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
  let corpora: ReturnType<typeof loadCorpora> | undefined;
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
      return compose((await load())[request.language], request, random);
    },
  };
}

// ---- the corpus ----

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
    names: lines(6, ['name'], [['name']]),
    /** Lines that bring the person's goals, and that follow them, for one goal and for several (they agree in number). */
    goals: z
      .object({
        /** Each ends in {goals}: the person's goals as one phrase ("...: pray every morning and give thanks daily."). */
        intro: z.object({ one: lines(3, ['goals'], [['goals']]), many: lines(3, ['goals'], [['goals']]) }).strict(),
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
    /**
     * Where lines of the lists above must never be said, by tag (understanding/situation TAGS): `joy` for a line
     * that speaks of a burden, `departed` for one that asks something of a person as living, a situation's id for
     * a line that would jar in it (no confession at a birth, a wedding or a thanksgiving).
     */
    never: neverSchema,
  })
  .strict()
  .superRefine((corpus, context) => {
    const all = new Set(Object.entries(corpus).flatMap(([key, value]) => (key === 'never' ? [] : stringsIn(value))));
    for (const [tag, tagged] of Object.entries(corpus.never)) {
      tagged.forEach((line, i) => {
        if (!all.has(line)) context.addIssue({ code: 'custom', path: ['never', tag, i], message: 'is not a line of the corpus' });
      });
    }
    // The lines every prayer needs one of keep at least one that no tag forbids.
    const tagged = new Set(Object.values(corpus.never).flat());
    const required: [string, readonly string[]][] = [
      ...Object.entries(corpus.prayer).filter(([list]) => list !== 'confession'),
      ...Object.entries(corpus.meditation),
      ...Object.entries(corpus.intention),
      ['names', corpus.names],
      ...Object.entries(corpus.focus).flatMap(([focus, material]) =>
        Object.entries(material).map(([list, items]): [string, readonly string[]] => [`focus.${focus}.${list}`, items]),
      ),
    ];
    for (const [list, items] of required) {
      if (list.endsWith('.need')) continue;
      if (items.every((line) => tagged.has(line))) {
        context.addIssue({ code: 'custom', path: ['never'], message: `leaves no line of ${list} that every prayer may say` });
      }
    }
  });

/** Every string in a value, however deep. */
const stringsIn = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : typeof value === 'object' && value !== null ? Object.values(value).flatMap(stringsIn) : [];

export type Corpus = z.infer<typeof corpusSchema>;
type Passage = z.infer<typeof passageSchema>;

/** The path of a language's corpus file. */
export const corpusFile = (contentDir: string, language: Language): string => path.join(contentDir, 'composer', `${language}.json`);

/** Reads and validates one corpus file; the error names the file and what is wrong with it. */
export const loadCorpus = (contentDir: string, language: Language): Promise<Corpus> =>
  loadCorpusFile('Composer corpus', corpusFile(contentDir, language), corpusSchema, language);

const loadCorpora = async (contentDir: string): Promise<Record<Language, Material>> => {
  const languages = await loadEveryLanguage(async (language) => {
    // One after the other, so that a missing folder is told by the first file's name every time.
    const corpus = await loadCorpus(contentDir, language);
    const situations = await loadSituationCorpus(contentDir, language);
    const references = new Set(Object.values(corpus.passages).flatMap((passages) => passages.map((passage) => passage.reference)));
    for (const [id, lines] of Object.entries(situations.situations)) {
      const unknown = lines.passages.find((reference) => !references.has(reference));
      if (unknown)
        throw new Error(
          `Situation corpus ${language}: ${id} names the passage "${unknown}", which content/composer/${language}.json lacks`,
        );
    }
    // The marks a person's typed words may be given back: the vocabulary of everything Selah says in the language.
    const key = `${path.resolve(contentDir)}\0${language}`;
    let accents = accentVocabularies.get(key);
    if (!accents) {
      accents = accentVocabulary([...stringsOf([corpus, situations]), ...(await loadCuratedTexts(contentDir, language))]);
      accentVocabularies.set(key, accents);
    }
    return { corpus, situations, accents };
  });
  const plans = await loadPlans(contentDir);
  return Object.fromEntries(Object.entries(languages).map(([language, material]) => [language, { ...material, plans }])) as Record<
    Language,
    Material
  >;
};

/** Built once a process for each content folder and language (tests build thousands of composers). */
const accentVocabularies = new Map<string, AccentVocabulary>();

/** What the composer writes from in one language. */
interface Material {
  corpus: Corpus;
  situations: SituationCorpus;
  accents: AccentVocabulary;
  plans: Plans;
}

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
/** Past this many words a description understood is also quoted: it says more than the words said back. */
export const QUOTE_FROM_WORDS = 14;
/** Fewer words than this left of a text after its request to pray ("pray for me" -> "for me"): not quoted. */
const MIN_QUOTED_WORDS = 3;

/** Concerns a prayer asks for only while the one prayed for lives: relief, skilled hands, patience for results. */
const FOR_THE_LIVING: ReadonlySet<Concern> = new Set(['pain', 'doctors', 'results']);
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

function compose({ corpus, situations, plans, accents }: Material, asked: PrayerRequest, random: () => number): WrittenPrayer {
  // A situation read without certainty is not prayed for as if it were known: the prayer follows the focus.
  const request: PrayerRequest = { ...asked, situation: plannedSituation(asked.situation) };
  const heard = heardSentences(request);
  // No line where a tag forbids it: a confession at a birth, a burden in a joy, courage asked of the departed.
  const forbidden = forbiddenLines(corpus, situations, request.situation);
  const fits = (line: string): boolean => !forbidden.has(line);
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
    const fresh = items.filter((item) => fits(text(item)) && !isHeard(text(item)));
    const stale = items.filter((item) => fits(text(item)) && isHeard(text(item)));
    return [...randomOrder(fresh), ...randomOrder(stale)];
  };
  const pick = <T>(items: readonly T[], text: (item: T) => string = String): T => {
    const fitting = items.filter((item) => fits(text(item)));
    const fresh = fitting.filter((item) => !isHeard(text(item)));
    const from = fresh.length > 0 ? fresh : fitting.length > 0 ? fitting : items;
    return from[Math.floor(random() * from.length)] ?? from[0]!;
  };
  /** A line that fits, or none: for what a prayer can do without. */
  const pickFitting = (items: readonly string[]): string | undefined => {
    const fitting = items.filter(fits);
    return fitting.length > 0 ? pick(fitting) : undefined;
  };
  const sample = <T>(items: readonly T[], max: number): T[] => shuffle(items).slice(0, max);
  const slot = (chosen: readonly string[], optional: readonly string[] = []): Slot => ({ chosen: [...chosen], optional: [...optional] });

  const { focus, experience, situation } = request;
  const theme = themeOf(focus);
  const material = corpus.focus[theme];
  // What is happening, when the understanding found it (else the prayer follows the focus, as a general one).
  const lines = situation.main === GENERAL ? undefined : situations.situations[situation.main];
  // Which sections the prayer has, in what order and spirit (content/composer/plans.json).
  const plan = plans[situation.main];
  const tone = toneOf(situation);
  const alsoLines = situation.also.map((id) => situations.situations[id]);
  const pool = Object.values(corpus.passages).flat();
  const fitting = (lines?.passages ?? [])
    .map((reference) => pool.find((passage) => passage.reference === reference))
    .filter((p) => p !== undefined);
  const passage: Passage = pick(fitting.length > 0 ? fitting : corpus.passages[theme], (p) => p.text);
  const values = { reference: passage.spoken, text: passage.text, phrase: passage.phrase, name: passage.name };

  // The person's words: said back in the writer's voice when the situation is understood, quoted when they carry
  // more than that (or when nothing was understood); the goals in a petition.
  // Quoted without its asides ("bueno en serio"): the sentences the understanding found carrying the request.
  const description = sanitizeForVoice(
    restoreAccents(speakableTypedText(situation.core || request.description, request.language), accents, situation.names),
  );
  const relation = situation.relation && situation.who !== 'self' ? situations.relations[situation.relation] : undefined;
  const who = relation ? whoValues(relation.forms) : {};
  Object.assign(known, values, who, { description });
  // Never said back: an unkind request, orders to the writer, a text in another language than the prayer's.
  const sayable = !situation.unkind && !situation.otherLanguage;
  // What the person is anxious about within the situation, asked for in the prayer's own words (the first two the
  // situation's own lines do not already speak to; pain, doctors and results are asked only for the living).
  // A thanksgiving asks nothing of what it gives thanks for ("the biopsy came back benign": no waiting is prayed for).
  const thanking = situation.main === 'gratitude' || situation.main === 'answered';
  const concerns = thanking ? [] : situation.concerns.filter((id) => !(situation.departed && FOR_THE_LIVING.has(id)));
  const concernLines = concerns
    .filter((id) => !plan.covers.includes(id))
    .slice(0, 2)
    .map((id) => pick(situations.concerns[id]));
  // A long text is quoted where the prayer cannot say it in its own words: when no concern of it was understood
  // (and always when the situation was not: the concerns are then asked beside it).
  // Said to God as it can be (a request to others to pray without its request); never where it speaks of Him in the
  // third person ("I just want to thank God"), nor a remnant of a few words ("for me").
  const toGod = sayableToGod(description, request.language) ?? '';
  const quotable = toGod === description || countWords(toGod) >= MIN_QUOTED_WORDS ? toGod : '';
  const quoted = quotable !== '' && sayable && (!lines || (countWords(quotable) > QUOTE_FROM_WORDS && concerns.length === 0));
  const intentionTemplate = quoted ? pick(corpus.intention.withDescription) : pick(corpus.intention.withoutDescription);
  // About the one prayed for where a line fits them (none asks anything of the departed), else in the person's voice.
  // Where someone has died beside other news ("my sister is having her baby and our dad died"), which relation
  // is the departed is not known: the death is said in the person's voice, never of the relation named first.
  // So too where the one named is among the mourners ("my colleague lost his son").
  const mixedNews = situation.departed && (situation.bereaved || situation.also.some((id) => id !== 'death' && id !== 'grief'));
  // Only where the prayer is for another: where the person prays for both ("got laid off, two kids"), the
  // situation is their own, said in their voice, and the one they name is named beside it (whoLine).
  const aboutWho = lines && relation && !mixedNews && situation.who === 'others' ? pickFitting(lines.acknowledgeFor[tone]) : undefined;
  // The one prayed for is named all the same, in a line that fits the living and the departed.
  const whoLine = lines && relation && !aboutWho ? fill(pick(situations.whoAny), who) : undefined;
  const acknowledgement = lines ? fill(aboutWho ?? pick(lines.acknowledge[tone]), who) : undefined;
  // Mixed news: the good news is said first, in the person's voice, and thanked for (alsoLines[0] is the news).
  const news = situation.mixed ? alsoLines[0] : undefined;
  const newsAcknowledgement = news ? pickFitting(news.acknowledge.joy) : undefined;
  const newsThanks = news ? pickFitting(news.thanks) : undefined;
  // A time is prayed for as ahead only when it is: never the day someone died or a job was lost.
  const whenValues: Record<string, string> = situation.when ? { when: situations.when[situation.when].spoken } : {};
  // Known before the pick, so that a line heard lately is compared as it was said.
  Object.assign(known, whenValues);
  const when = lines && situation.when && !situation.whenPast ? fill(pick(situations.whenLines), whenValues) : undefined;
  const intention = slot(
    [
      ...(newsAcknowledgement ? [newsAcknowledgement] : []),
      ...(acknowledgement ? [acknowledgement] : []),
      ...(quoted || !lines ? [fill(intentionTemplate, { description: quotable })] : []),
      ...(when ? [when] : []),
    ],
    sample(corpus.intention.more, 2),
  );
  const quoteAt = quoted ? intention.chosen.indexOf(fill(intentionTemplate, { description: quotable })) : -1;
  const goals = goalPhrases(request.goals.map((goal) => speakableTypedText(goal, request.language)));
  // The people the description names, each in a line of their own: the prayer comes back to them. Where someone
  // has died, the lines fit the living and the departed alike (which name is whose is not known).
  const nameLines = shuffle(situation.departed ? situations.namesAny : corpus.names);
  const namesSlot = slot([
    ...(whoLine ? [whoLine] : []),
    ...situation.names.map((name, i) => fill(nameLines[i % nameLines.length]!, { name })),
  ]);
  const number = goals.length === 1 ? 'one' : 'many';
  // The goals woven into the sentence that brings them, as the person wrote them ("...: pray every morning and give thanks daily").
  const goalsSlot = slot(
    goals.length > 0
      ? [
          fill(pick(corpus.goals.intro[number]), { goals: new Intl.ListFormat(request.language, { type: 'conjunction' }).format(goals) }),
          pick(corpus.goals.outro[number]),
        ]
      : [],
  );

  // The honest need of the focus, for a general prayer only: always without a description, otherwise room
  // permitting. A prayer without a focus names no need of its own.
  const needLine = pickFitting(material.need);
  const need =
    lines || focus === DEFAULT_TOPIC || !needLine
      ? slot([])
      : experience === 'prayer' && !description
        ? slot([needLine])
        : slot([], [needLine]);
  // Confession where the plan gives it (a quarrel; one's own addiction; guilt where guilt is one's own), never for
  // a birth, a grief or an illness, where guilt is met with comfort.
  const confession = slot([], confessing(plan, situation) ? sample(corpus.prayer.confession, 3) : []);
  const focusPetitions = () => {
    const [first, ...otherAnchors] = shuffle(material.anchors);
    return first === undefined ? shuffle(material.petitions) : [first, ...shuffle([...material.petitions, ...otherAnchors])];
  };
  const [anchor, ...petitions] = lines
    ? orElse([...shuffle(lines.petitions), ...alsoLines.flatMap((also) => pickFitting(also.petitions) ?? [])], focusPetitions)
    : focusPetitions();
  const [firstOther, ...moreOthers] = orElse(shuffle(lines?.others ?? []), () => shuffle(material.others));
  // Thanks for what is happening: first when it is a joy, alone where the plan says so (the life given, at a
  // death), room permitting when it is a need.
  const thanks = lines ? shuffle(lines.thanks) : [];
  const thanksgiving =
    tone === 'joy' && thanks.length > 0
      ? slot([pick(corpus.prayer.thanksgiving), thanks[0]!], [...thanks.slice(1), ...shuffle(corpus.prayer.thanksgivingMore)])
      : plan.thanks === 'situation' && thanks.length > 0
        ? slot([...(newsThanks ? [newsThanks] : []), thanks[0]!], thanks.slice(1))
        : slot(
            [pick(corpus.prayer.thanksgiving), ...(newsThanks ? [newsThanks] : [])],
            shuffle([...thanks.slice(0, 1), ...corpus.prayer.thanksgivingMore]),
          );
  // A joy the plan keeps to thanks asks only what it needs: the petitions do not grow with the length.
  const asking = tone === 'joy' && plan.asks === 'little' ? petitions.slice(0, 2) : petitions;
  // A joy is not met with words for a burden: one line of trust, and no more.
  const trust = slot([pick(corpus.prayer.trust)], tone === 'joy' && lines ? [] : shuffle(corpus.prayer.trustMore));

  let paragraphs: Paragraph[];
  if (experience === 'prayer') {
    const sections: Record<Section, Paragraph> = {
      adoration: [slot([pick(corpus.prayer.adoration)], shuffle(corpus.prayer.adorationMore))],
      thanksgiving: [thanksgiving],
      // Quiet after the quotation, before the prayer goes on.
      scripture: [slot([`${fill(pick(corpus.prayer.scripture), values)} ${PAUSE_MARKS.pause}`], shuffle(corpus.prayer.scriptureMore))],
      intention: [need, intention, confession],
      petitions: [namesSlot, slot([...concernLines, anchor!], asking), goalsSlot],
      others: [slot([pick(corpus.prayer.othersIntro), firstOther!], moreOthers)],
      trust: [trust],
      amen: [slot([pick(corpus.prayer.amen)])],
    };
    paragraphs = plan.sections.map((section) => sections[section]);
  } else {
    const [reflection, ...moreReflections] = orElse(shuffle(lines?.reflections ?? []), () => shuffle(material.reflections));
    paragraphs = [
      [slot([pick(corpus.meditation.opening)], shuffle(corpus.meditation.openingMore))],
      [slot([fill(pick(corpus.meditation.introduce), values)])],
      // Quiet after the passage, before it is read again or the meditation goes on.
      [slot([`${passage.text} ${PAUSE_MARKS.pause}`])],
      [slot([], [`${pick(corpus.meditation.readAgain)} ${passage.text}`])],
      [slot([fill(pick(corpus.meditation.phrase), values)], sample(corpus.meditation.phraseMore, 4))],
      [slot([reflection!], shuffle([...moreReflections, ...corpus.meditation.reflectionMore]).slice(0, 8))],
      [slot([pick(corpus.meditation.response)]), need, intention, namesSlot, slot(concernLines)],
      [
        slot([anchor!], petitions.slice(0, 6)),
        goalsSlot,
        slot(
          [],
          shuffle([...moreOthers.slice(0, 3), ...(tone === 'joy' && lines ? thanks.slice(1, 3) : sample(corpus.prayer.trustMore, 4))]),
        ),
      ],
      // The silence the line invites is real: several seconds of quiet under the bed.
      [slot([`${pick(corpus.meditation.silence)} ${PAUSE_MARKS.silence}`])],
      [slot([pick(corpus.meditation.closing)])],
    ];
  }
  // No sentence twice: a line that two lists share is said once.
  dropRepeats(paragraphs);

  // The length: a long description leaves room for fewer optional sentences, and is cut only past the hard limit.
  const target = request.targetWords;
  // Close to the target, since the voice can only stretch or shorten the result by so much (generation/length).
  const window = { min: target - 8, max: target + 12 };
  const hardMax = Math.round(target * 1.1);
  if (description) {
    const excess = wordsOf(paragraphs) - (hardMax - 10);
    if (excess > 0) {
      const limited = limitWords(description, Math.max(MIN_DESCRIPTION_WORDS, countWords(description) - excess));
      if (quoteAt >= 0) intention.chosen[quoteAt] = fill(intentionTemplate, { description: limited });
    }
  }
  addOptional(paragraphs, window, shuffle, isHeard);

  const text = paragraphs
    .map((paragraph) => paragraph.flatMap((s) => s.chosen).join(' '))
    .filter((paragraph) => paragraph.length > 0)
    .join('\n\n');
  // A prayer's title names the one it is for where the text does ("A Blessing for Lily, Newly Born"), never someone
  // who has died (which name is whose is not known then), else the situation, else the focus.
  const personal = lines && experience === 'prayer' && !situation.departed ? lines.titles.personal : undefined;
  const named = situation.who === 'self' ? undefined : situation.names[0];
  const title =
    personal && named
      ? capitalize(fill(pick(personal.name[tone]), { name: named }))
      : personal && relation && situation.relation && !TITLE_LESS_RELATIONS.has(situation.relation)
        ? capitalize(fill(pick(personal.who[tone]), request.language === 'en' ? { ...who, who: titleCase(relation.forms.nom) } : who))
        : fill(
            pick(
              lines
                ? experience === 'prayer'
                  ? lines.titles.prayer[tone]
                  : lines.titles.bible_meditation
                : corpus.titles[experience][theme],
            ),
            values,
          );
  if (/[{}]/.test(text) || /[{}]/.test(title)) throw new Error('composer: a placeholder was left in the text');
  return { title, text };
}

/**
 * The lines a prayer for this situation must not say: those of both corpora whose tags forbid them here (the
 * situation, a joy, someone departed), and, of a situation named beside the main one, those tagged for the main.
 */
export function forbiddenLines(corpus: Corpus, situations: SituationCorpus, situation: Situation): Set<string> {
  const tags = forbiddingTags(situation);
  const lists = [
    corpus.never,
    ...[situation.main, ...situation.also].filter((id) => id !== GENERAL).map((id) => situations.situations[id].never),
  ];
  return new Set(lists.flatMap((never) => tags.flatMap((tag) => never[tag] ?? [])));
}

/**
 * The corpus material a topic draws on. A general prayer ('standard', the default when no focus was chosen) rests
 * on trust in God, the heart of every prayer: the faith material, without its need (see compose).
 */
export function themeOf(topic: Topic): Focus {
  return topic === DEFAULT_TOPIC ? 'faith' : topic;
}

/**
 * Relations whose words also name a person's own work or role ("the nurse manager job", "soy maestra"): never put
 * into a title, where a misreading would be the first thing heard.
 */
const TITLE_LESS_RELATIONS: ReadonlySet<Relation> = new Set(['boss', 'colleague', 'teacher', 'neighbour']);

/** English Title Case for a phrase put into a title ("my mother-in-law" -> "My Mother-in-Law", "my in-laws" -> "My In-Laws"). */
const SMALL_WORDS = new Set(['a', 'an', 'and', 'in', 'of', 'the', 'to', 'for', 'at', 'on', 'or']);
const titleCase = (phrase: string): string =>
  phrase.replace(/\p{L}+/gu, (word, offset: number, whole: string) => {
    const small = SMALL_WORDS.has(word) && offset > 0 && (whole[offset - 1] === '-' || whole[offset + word.length] !== '-');
    return small ? word : capitalize(word);
  });

/** The items, or when none is left (every line forbidden here), the fallback's. */
const orElse = <T>(items: T[], fallback: () => T[]): T[] => (items.length > 0 ? items : fallback());

/** Fills {name} placeholders; {Name} gives the value with a capital first letter. Values are inserted as is. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    const key = name.charAt(0).toLowerCase() + name.slice(1);
    const value = values[key];
    if (value === undefined) throw new Error(`composer: no value for ${whole}`);
    return key === name ? value : capitalize(value);
  });
}

/**
 * The non-blank goals as phrases to follow a colon mid-sentence: cleaned for the voice, without end punctuation,
 * a first letter capitalised only for coming first made small ("Pray every morning" -> "pray every morning"; "NT
 * daily" and names keep theirs), each cut to a few words, all together to GOALS_WORDS.
 */
function goalPhrases(goals: readonly string[]): string[] {
  const phrases: string[] = [];
  let total = 0;
  for (const goal of goals) {
    const cleaned = sanitizeForVoice(goal).replace(/[\s.?…;:,]+$/u, '');
    if (!cleaned) continue;
    const room = GOALS_WORDS - total;
    if (room < 5) break;
    const limited = limitWords(cleaned, Math.min(GOAL_WORDS, room)).replace(/[.?…]+$/u, '');
    const phrase = /^\p{Lu}\p{Ll}/u.test(limited) ? limited.charAt(0).toLocaleLowerCase() + limited.slice(1) : limited;
    phrases.push(phrase);
    total += countWords(phrase);
  }
  return phrases;
}

/** Removes a chosen sentence said before in the text, and optional ones that repeat a chosen one. */
function dropRepeats(paragraphs: Paragraph[]): void {
  const said = new Set<string>();
  for (const s of paragraphs.flat()) {
    s.chosen = s.chosen.filter((sentence) => {
      const key = sentenceKey(sentence);
      if (said.has(key)) return false;
      said.add(key);
      return true;
    });
  }
  for (const s of paragraphs.flat()) s.optional = [...new Set(s.optional)].filter((sentence) => !said.has(sentenceKey(sentence)));
}

const wordsOf = (paragraphs: readonly Paragraph[]): number =>
  paragraphs.flat().reduce((sum, s) => sum + s.chosen.reduce((words, sentence) => words + countWords(sentence), 0), 0);

/**
 * Adds optional sentences, taking turns between the slots (in a random order) so that every part of the
 * prayer can grow, until the text reaches the window; a sentence that would overshoot it is skipped. Sentences
 * the person has not heard lately are added first; the others only when the fresh ones cannot fill the window
 * (a situation has only so many lines of its own).
 */
function addOptional(
  paragraphs: Paragraph[],
  window: { min: number; max: number },
  shuffle: <T>(items: readonly T[]) => T[],
  isHeard: (sentence: string) => boolean,
): void {
  let total = wordsOf(paragraphs);
  const said = new Set(paragraphs.flat().flatMap((s) => s.chosen.map(sentenceKey)));
  const slots = shuffle(paragraphs.flat().filter((s) => s.optional.length > 0));
  for (const fresh of [true, false]) {
    const offers = new Map(slots.map((s) => [s, s.optional.filter((sentence) => !fresh || !isHeard(sentence))]));
    while (total < window.min) {
      let offered = false;
      for (const s of slots) {
        if (total >= window.min) break;
        const next = offers.get(s)!.shift();
        if (next === undefined) continue;
        offered = true;
        const words = countWords(next);
        if (total + words <= window.max && !said.has(sentenceKey(next))) {
          said.add(sentenceKey(next));
          s.chosen.push(next);
          total += words;
        }
      }
      if (!offered) break;
    }
  }
}

/** The verified passages the chat writer's quotations are checked against: the composer's, which are exact. */
export function createVerifiedScripture(contentDir: string): VerifiedScripture {
  let corpora: ReturnType<typeof loadCorpora> | undefined;
  return {
    async passages(language, situation) {
      corpora ??= loadCorpora(contentDir).catch((error: unknown) => {
        corpora = undefined;
        throw error;
      });
      const { corpus, situations } = (await corpora)[language];
      const all = Object.values(corpus.passages).flat();
      const named = situation.main === GENERAL ? [] : situations.situations[situation.main].passages;
      const forSituation = all.filter((passage) => named.includes(passage.reference));
      return { all, fitting: fittingFirst(situation, forSituation, corpus.passages[themeOf(situation.focus)]) };
    },
  };
}
