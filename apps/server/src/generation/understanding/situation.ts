import type { Topic } from '@selah/domain/records';
import type { Language } from '@selah/domain/languages';

/**
 * What a person wrote, understood (content/understanding/README.md defines every label): what is happening, how
 * they feel, who the prayer is for, and when. The writers plan a prayer from it.
 */
export const SITUATIONS = [
  'birth',
  'wedding',
  'illness',
  'surgery',
  'recovery',
  'addiction',
  'death',
  'grief',
  'job-loss',
  'new-job',
  'money',
  'studies',
  'decision',
  'move',
  'travel',
  'loneliness',
  'conflict',
  'marriage',
  'child',
  'caregiving',
  'anxiety',
  'doubt',
  'gratitude',
  'answered',
  'new-beginning',
] as const;
export type SituationId = (typeof SITUATIONS)[number];
/** The text names none of the situations (or is empty, or unclear): the prayer follows the quiz's focus. */
export const GENERAL = 'general';
export type Happening = SituationId | typeof GENERAL;
export const HAPPENINGS = [...SITUATIONS, GENERAL] as const;

export const FEELINGS = ['grateful', 'joyful', 'hopeful', 'afraid', 'grieving', 'weary', 'guilty', 'lonely', 'hurt', 'uncertain'] as const;
export type Feeling = (typeof FEELINGS)[number];

export const RELATIONS = [
  'mother',
  'father',
  'parents',
  'grandmother',
  'grandfather',
  'grandparents',
  'grandson',
  'granddaughter',
  'grandchild',
  'grandchildren',
  'uncle',
  'aunt',
  'wife',
  'husband',
  'spouse',
  'fiance',
  'fiancee',
  'son',
  'daughter',
  'child',
  'children',
  'baby',
  'brother',
  'sister',
  'family',
  'friend',
  'colleague',
  'boss',
  'neighbour',
  'teacher',
  // Family by marriage: never "my mother" for "mi suegra".
  'mother-in-law',
  'father-in-law',
  'parents-in-law',
  'son-in-law',
  'daughter-in-law',
  'brother-in-law',
  'sister-in-law',
] as const;
export type Relation = (typeof RELATIONS)[number];

export const TIMES = [
  'today',
  'tonight',
  'tomorrow',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
  'this-week',
  'next-week',
] as const;
export type Time = (typeof TIMES)[number];

/**
 * What a person is anxious about within their situation, where they say it (content/understanding/README.md): a
 * prayer asks for it in its own words rather than reading the person's text back.
 */
export const CONCERNS = [
  'pain',
  'sleep',
  'children',
  'home-money',
  'results',
  'doctors',
  'goodbye',
  'anger',
  'exhaustion',
  'distance',
  'pregnancy-loss',
  'nerves',
  'safety',
  'betrayal',
  'adoption',
  'pet',
] as const;
export type Concern = (typeof CONCERNS)[number];

export const WHO = ['self', 'others', 'both'] as const;
export type Who = (typeof WHO)[number];

export interface Situation {
  language: Language;
  /** The main thing happening, or `general` when the text names none (the prayer then follows `focus`). */
  main: Happening;
  /** Other situations the text names. */
  also: SituationId[];
  /** The person's main feeling, or null when nothing was written. */
  feeling: Feeling | null;
  who: Who;
  /** The first relation word naming the one prayed for ("my grandfather" -> grandfather). */
  relation: Relation | null;
  /** Someone the prayer is for has died. */
  departed: boolean;
  /** The first time the text names ("tomorrow", "on Friday"). */
  when: Time | null;
  /** `when` names what has already happened ("she died on Sunday"): a prayer does not pray for it as ahead. */
  whenPast: boolean;
  /**
   * The sentences of the text that carry what it asks (a situation, a feeling, a relation, a time or a name), in
   * their order: the text without its asides ("ok so", "bueno en serio"), the part a writer may quote.
   */
  core: string;
  /** The people the text names, as they can be spoken (text/names). */
  names: string[];
  /** What the person is anxious about within the situation, most named first ("can't sleep", "la hipoteca"). */
  concerns: Concern[];
  /** The quiz's choice, which a general prayer follows. */
  focus: Topic;
  /**
   * The text asks for something unkind (to curse or harm someone) or tells the writer what to do: it is prayed
   * for gently and never said back.
   */
  unkind: boolean;
  /** The text reads as another of Selah's languages than the prayer's: it is read in its own, and not said back. */
  otherLanguage: boolean;
  /** How sure the understanding is of `main` (0 to 1): below UNSURE a writer plans as for a general prayer. */
  certainty: number;
  /**
   * Good news set against a grave need ("the loan came through, but dad's kidneys are failing"): `main` is the
   * need, the news is in `also`, and the prayer meets the need and gives thanks for the news.
   */
  mixed: boolean;
  /**
   * Someone has died, and the one named is among those who mourn ("my colleague lost his son", "mi amiga perdió a su
   * bebé"): the prayer is for the bereaved, and never speaks of them as the departed.
   */
  bereaved: boolean;
}

/** Needs a prayer meets as needs, whatever good news comes beside them: a sickness, an operation, a death, an addiction. */
export const GRAVE: ReadonlySet<Happening> = new Set(['illness', 'surgery', 'death', 'grief', 'addiction']);

/** Below this certainty the main situation is a guess: the prayer follows the focus, as for a general one. */
export const UNSURE = 0.4;

/** The situation a writer plans from: a guess is not prayed for as if it were known (see UNSURE). */
export const plannedSituation = (situation: Situation): Situation =>
  situation.main !== GENERAL && situation.certainty < UNSURE ? { ...situation, main: GENERAL } : situation;

/**
 * Where a corpus line must never be said (the `never` lists of content/composer): in a situation (a confession at
 * a birth), when the prayer meets a joy (a burden assumed), when someone prayed for has died (courage, healing
 * or change asked of them), or where a concern is read (no midwife thanked for a child adopted).
 */
export const TAGS = [...SITUATIONS, 'joy', 'departed', ...CONCERNS] as const;
export type Tag = (typeof TAGS)[number];

/** The tags that forbid a line in a prayer for this situation. */
export function forbiddingTags(situation: Pick<Situation, 'main' | 'also' | 'feeling' | 'departed' | 'mixed' | 'concerns'>): Tag[] {
  return [
    ...(situation.main === GENERAL ? [] : [situation.main]),
    ...(toneOf(situation) === 'joy' ? (['joy'] as const) : []),
    ...(situation.departed ? (['departed'] as const) : []),
    ...situation.concerns,
  ];
}

/** Feelings in which a situation is met with thanks and blessing rather than as a need. */
export const GLAD: ReadonlySet<Feeling> = new Set(['grateful', 'joyful', 'hopeful']);
/** Situations that are always a thanksgiving, whatever the feeling read. */
const ALWAYS_GLAD: ReadonlySet<Happening> = new Set(['gratitude', 'answered']);

/** Whether the prayer meets the situation with joy (thanks, blessing) or as a need: mixed news is a need. */
export const toneOf = (situation: Pick<Situation, 'main' | 'feeling' | 'mixed'>): 'joy' | 'need' =>
  !situation.mixed && (ALWAYS_GLAD.has(situation.main) || (situation.feeling !== null && GLAD.has(situation.feeling))) ? 'joy' : 'need';

/** The situation of a text that names nothing the understanding knows (or of no text): a general prayer for the focus. */
export const generalSituation = (language: Language, focus: Topic, names: string[] = []): Situation => ({
  language,
  main: GENERAL,
  also: [],
  feeling: null,
  who: names.length > 0 ? 'others' : 'self',
  relation: null,
  departed: false,
  when: null,
  whenPast: false,
  core: '',
  names,
  concerns: [],
  focus,
  unkind: false,
  otherLanguage: false,
  certainty: 1,
  mixed: false,
  bereaved: false,
});
