import type { Language } from '@selah/domain/languages';
import type { UnderstandingData } from './data';
import {
  FEELINGS,
  GENERAL,
  GLAD,
  GRAVE,
  HAPPENINGS,
  WHO,
  type Concern,
  type Feeling,
  type Happening,
  type Relation,
  type SituationId,
  type Time,
  type Who,
} from './situation';
import { cueAt, cueWords, stems, tokens } from './words';

/**
 * The understanding's model of one language, built from content/understanding/{language}.json when first needed
 * (well under a second): a logistic regression over the stems of the labelled examples, joined with the cue words
 * a person writing about each situation or feeling uses. The cues carry a text whose words the examples never
 * used; the examples weigh the cues against each other and tell the feeling.
 */
export interface Reading {
  main: Happening;
  also: SituationId[];
  feeling: Feeling | null;
  relation: Relation | null;
  when: Time | null;
  /** The clause that names `when` tells of what has already happened ("lost my friend on Saturday"). */
  whenPast: boolean;
  /** A death cue was found (someone the prayer is for may have died). */
  deathCue: boolean;
  /** A cue of an unkind request or of orders to the writer was found. */
  unkind: boolean;
  /** The concerns whose cues were found, most found first. */
  concerns: Concern[];
  /** For whom the text prays: the person themself, others, or both (null for an empty text). */
  who: Who | null;
  /** How sure the model is of `main`: its probability among every situation (0 to 1; 1 for an empty text). */
  certainty: number;
  /** Good news set against a grave need: `main` is the need, the news first in `also`. */
  mixed: boolean;
  /** The text tells of someone who lost one of their own ("my colleague lost his son"). */
  bereaved: boolean;
}

export interface ModelOptions {
  /** The value of a cue feature (each distinct cue found), against 1 for a word. */
  cueWeight: number;
  /** The value of a feeling cue feature, against 1 for a word. */
  feelingCueWeight: number;
  /** The value of the situation read, as a feature of the feeling. */
  feelingPrior: number;
  epochs: number;
  rate: number;
  l2: number;
  /** The seed of the order in which the examples are shown on each pass. */
  seed: number;
}

export const DEFAULT_MODEL_OPTIONS: ModelOptions = {
  cueWeight: 3,
  feelingCueWeight: 1.5,
  feelingPrior: 1,
  epochs: 10,
  rate: 0.3,
  l2: 0.0001,
  seed: 7,
};

/**
 * Relations that few examples name, read for whom a text prays as the wider family they belong to (which the
 * examples name often): "my grandson" prays for another as "my family" does.
 */
const WHO_FEATURE: Partial<Record<Relation, Relation>> = {
  grandson: 'family',
  granddaughter: 'family',
  grandchild: 'family',
  grandchildren: 'family',
  uncle: 'family',
  aunt: 'family',
};

/** Events met with joy when nothing grave is named beside them (a job or studies in a hospital are not a need). */
const GLAD_EVENTS: ReadonlySet<Happening> = new Set(['birth', 'wedding', 'move', 'travel']);

/** A part of a text set against another is read for its situation from this many words. */
const MIN_PART_WORDS = 3;

/** Distinct cues of one class counted at most this often. */
const MAX_CUES = 3;

type Cue = readonly string[];

/** Features of a text: its stems. */
function features(words: readonly string[], language: Language): Set<string> {
  return new Set(stems(words, language).map((stem) => `w:${stem}`));
}

/**
 * Multinomial logistic regression over sparse features, trained by stochastic gradient descent in a fixed order
 * (the same data always gives the same model).
 */
class Softmax<L extends string> {
  private readonly weights = new Map<string, Float64Array>();
  private readonly bias: Float64Array;

  constructor(private readonly labels: readonly L[]) {
    this.bias = new Float64Array(labels.length);
  }

  /** Trains in steps: it yields after each pass, so that a caller can let other work run in between. */
  *train(
    examples: readonly { found: ReadonlyMap<string, number>; label: L }[],
    { epochs, rate, l2, seed: firstSeed }: Pick<ModelOptions, 'epochs' | 'rate' | 'l2' | 'seed'>,
  ): Generator<void> {
    const n = this.labels.length;
    // Each example as its weight rows and values, looked up once.
    const prepared = examples.map(({ found, label }) => {
      const rows: Float64Array[] = [];
      const values: number[] = [];
      for (const [feature, value] of found) {
        let row = this.weights.get(feature);
        if (!row) {
          row = new Float64Array(n);
          this.weights.set(feature, row);
        }
        rows.push(row);
        values.push(value);
      }
      return { rows, values, target: this.labels.indexOf(label) };
    });
    const order = prepared.map((_, i) => i);
    const logits = new Float64Array(n);
    let seed = firstSeed;
    for (let epoch = 0; epoch < epochs; epoch++) {
      for (let i = order.length - 1; i > 0; i--) {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        const j = seed % (i + 1);
        [order[i], order[j]] = [order[j]!, order[i]!];
      }
      yield;
      const step = rate / (1 + epoch * 0.1);
      for (const index of order) {
        const { rows, values, target } = prepared[index]!;
        logits.set(this.bias);
        for (let f = 0; f < rows.length; f++) {
          const row = rows[f]!;
          const value = values[f]!;
          for (let k = 0; k < n; k++) logits[k]! += row[k]! * value;
        }
        const probabilities = softmax(logits);
        for (let k = 0; k < n; k++) {
          const gradient = probabilities[k]! - (k === target ? 1 : 0);
          this.bias[k]! -= step * gradient;
          for (let f = 0; f < rows.length; f++) {
            const row = rows[f]!;
            row[k]! -= step * (gradient * values[f]! + l2 * row[k]!);
          }
        }
      }
    }
  }

  scores(found: ReadonlyMap<string, number>): Map<L, number> {
    const logits = Float64Array.from(this.bias);
    for (const [feature, value] of found) {
      const row = this.weights.get(feature);
      if (!row) continue;
      for (let k = 0; k < logits.length; k++) logits[k]! += row[k]! * value;
    }
    return new Map(this.labels.map((label, k) => [label, logits[k]!]));
  }
}

function softmax(logits: Float64Array): Float64Array {
  const max = Math.max(...logits);
  const exps = logits.map((value) => Math.exp(value - max));
  const sum = exps.reduce((a, b) => a + b, 0);
  return exps.map((value) => value / sum);
}

/** The probability of one label among the logits of every label. */
function probabilityOf<L>(logits: ReadonlyMap<L, number>, label: L): number {
  const max = Math.max(...logits.values());
  let sum = 0;
  for (const value of logits.values()) sum += Math.exp(value - max);
  return Math.exp(logits.get(label)! - max) / sum;
}

const argmax = <L>(scores: ReadonlyMap<L, number>): L => {
  let best: L | undefined;
  let bestScore = -Infinity;
  for (const [label, score] of scores) {
    if (score > bestScore) {
      best = label;
      bestScore = score;
    }
  }
  return best!;
};

/**
 * The cues of each class, indexed by their first word (the whole word for a phrase, every start of a word for a
 * cue of one word, which matches by its start): finding them costs a few lookups a word.
 */
class CueIndex<L> {
  private readonly starts = new Map<string, { label: L; id: number }[]>();
  private readonly phrases = new Map<string, { label: L; id: number; cue: Cue }[]>();

  constructor(lists: ReadonlyMap<L, Cue[]>) {
    let id = 0;
    for (const [label, cues] of lists) {
      for (const cue of cues) {
        const [first] = cue;
        if (cue.length === 1) this.starts.set(first!, [...(this.starts.get(first!) ?? []), { label, id: id++ }]);
        else this.phrases.set(first!, [...(this.phrases.get(first!) ?? []), { label, id: id++, cue }]);
      }
    }
  }

  /**
   * How many distinct cues of each class the words hold. With `longest`, a cue found within a longer cue of another
   * class is taken as the longer one's words ("hospice" in "I work in a hospice" tells caregiving, not a death) and
   * not counted.
   */
  counts(words: readonly string[], longest = false): Map<L, number> {
    const matches: { label: L; id: number; start: number; end: number }[] = [];
    words.forEach((word, i) => {
      for (let end = 1; end <= word.length; end++)
        for (const { label, id } of this.starts.get(word.slice(0, end)) ?? []) matches.push({ label, id, start: i, end: i + 1 });
      for (const { label, id, cue } of this.phrases.get(word) ?? [])
        if (cueAt(words, i, cue)) matches.push({ label, id, start: i, end: i + cue.length });
    });
    const found = new Map<L, Set<number>>();
    for (const match of matches) {
      const within =
        longest &&
        matches.some(
          (other) =>
            other.label !== match.label &&
            other.end - other.start > match.end - match.start &&
            other.start <= match.start &&
            other.end >= match.end,
        );
      if (within) continue;
      let ids = found.get(match.label);
      if (!ids) found.set(match.label, (ids = new Set()));
      ids.add(match.id);
    }
    return new Map([...found].map(([label, ids]) => [label, ids.size]));
  }
}

export interface Model {
  read(text: string): Reading;
  /**
   * Whether a sentence carries something the understanding knows (a cue of a situation or a feeling, a relation
   * or a time): a sentence without any ("ok so", "bueno en serio") is an aside.
   */
  carries(sentence: string): boolean;
}

/** Builds a language's model at once (tests, benchmarks). */
export function buildModel(data: UnderstandingData, options: ModelOptions = DEFAULT_MODEL_OPTIONS): Model {
  const steps = building(data, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Builds a language's model in steps of a few tens of milliseconds, letting requests be served in between. */
export async function buildModelInSteps(data: UnderstandingData, options: ModelOptions = DEFAULT_MODEL_OPTIONS): Promise<Model> {
  const steps = building(data, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** How many examples are read between two steps of a build. */
const EXAMPLES_A_STEP = 200;

function* building(data: UnderstandingData, options: ModelOptions): Generator<void, Model> {
  const { language } = data;
  const compile = (lists: Record<string, readonly string[]>) =>
    new Map(Object.entries(lists).map(([id, cues]) => [id, cues.map((cue) => cueWords(cue, language)).filter((cue) => cue.length > 0)]));
  const situationCues = compile(data.cues.situations) as Map<SituationId, Cue[]>;
  const feelingCues = compile(data.cues.feelings) as Map<Feeling, Cue[]>;
  const relationWords = compile(data.relations) as Map<Relation, Cue[]>;
  const timeWords = compile(data.when) as Map<Time, Cue[]>;
  const unkindCues = compile({ unkind: data.cues.unkind });
  const bereavedCues = compile({ bereaved: data.cues.bereaved });
  const concernCues = compile(data.cues.concerns) as Map<Concern, Cue[]>;
  const pastWords = compile({ past: data.past });
  // A clause ends at punctuation or where a joining word begins another ("the funeral is Thursday" after "died").
  const escaped = (words: readonly string[]) =>
    words.map((word) =>
      word
        .normalize('NFC')
        .toLowerCase()
        .replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    );
  const joins = escaped(data.joins);
  const clauseBreak = new RegExp(`[.!?;,:\\n]+|\\s(?:${joins.join('|')})\\s`, 'iu');
  // Where a text sets one part against another ("...thank God, but dad's kidneys are failing").
  const contrastBreak = new RegExp(`(?:^|[\\s,;:.!?])(?:${escaped(data.contrasts).join('|')})(?=[\\s,;:.!?]|$)`, 'iu');

  const situationIndex = new CueIndex(situationCues);
  const feelingIndex = new CueIndex(feelingCues);
  const unkindIndex = new CueIndex(unkindCues);
  const bereavedIndex = new CueIndex(bereavedCues);
  const concernIndex = new CueIndex(concernCues);
  /** How many distinct cues of each class the words hold (at most MAX_CUES). */
  const cueCounts = <L>(words: readonly string[], index: CueIndex<L>): Map<L, number> => {
    const counts = index.counts(words);
    for (const [label, count] of counts) counts.set(label, Math.min(count, MAX_CUES));
    return counts;
  };
  /** The features of a text for the situation, and (with the situation read) for the feeling. */
  const situationFeatures = (words: readonly string[]) => {
    const found = new Map<string, number>();
    for (const feature of features(words, language)) found.set(feature, 1);
    for (const [id, count] of cueCounts(words, situationIndex)) found.set(`c:${id}`, count * options.cueWeight);
    return found;
  };
  const feelingFeatures = (words: readonly string[], main: Happening) => {
    const found = new Map<string, number>();
    for (const feature of features(words, language)) found.set(feature, 1);
    for (const [id, count] of cueCounts(words, feelingIndex)) found.set(`f:${id}`, count * options.feelingCueWeight);
    found.set(`s:${main}`, options.feelingPrior);
    return found;
  };

  /** The label whose word is found at a place in the text, and its length in words: the longest ("mother in law", not "mother"). */
  const foundAt = <L>(words: readonly string[], i: number, lists: ReadonlyMap<L, Cue[]>, whole: boolean): [L, number] | null => {
    let found: [L, number] | null = null;
    for (const [label, list] of lists) {
      for (const cue of list) {
        if ((found === null || cue.length > found[1]) && (whole ? cue.every((part, j) => words[i + j] === part) : cueAt(words, i, cue))) {
          found = [label, cue.length];
        }
      }
    }
    return found;
  };
  /**
   * The label whose word comes first in the text (a whole-word match; the last word of a phrase by its start).
   * Of two words in a row the second tells more ("newborn daughter", "baby brother"): it is the one taken.
   */
  const firstFound = <L>(words: readonly string[], lists: ReadonlyMap<L, Cue[]>, whole: boolean): L | null => {
    for (let i = 0; i < words.length; i++) {
      const found = foundAt(words, i, lists, whole);
      if (found) return (foundAt(words, i + found[1], lists, whole) ?? found)[0];
    }
    return null;
  };

  /**
   * The time the text looks to: the first named in a clause that does not tell of the past ("the funeral is on
   * Thursday" after "she died on Monday"); else the first named, as past.
   */
  const timeOf = (text: string): { when: Time | null; whenPast: boolean } => {
    let past: Time | null = null;
    for (const clause of text.split(clauseBreak)) {
      const words = tokens(clause, language);
      const when = firstFound(words, timeWords, false);
      if (when === null) continue;
      if (!words.some((_, i) => foundAt(words, i, pastWords, true) !== null)) return { when, whenPast: false };
      past ??= when;
    }
    return { when: past, whenPast: past !== null };
  };

  const situations = new Softmax<Happening>(HAPPENINGS);
  const feelings = new Softmax<Feeling>(FEELINGS);
  const whoms = new Softmax<Who>(WHO);
  const whoExamples: { found: Map<string, number>; label: Who }[] = [];
  /** The features of a text for whom it prays: its words, and the relation word it names first (if any). */
  const whoFeatures = (words: readonly string[]) => {
    const found = new Map<string, number>();
    for (const feature of features(words, language)) found.set(feature, 1);
    const relation = firstFound(words, relationWords, true);
    found.set(relation === null ? 'r:none' : `r:${WHO_FEATURE[relation] ?? relation}`, options.cueWeight);
    // A text that opens on the one it is about ("my aunt has a biopsy", "mi tía...", "ciocia ma...").
    if ([0, 1, 2].some((i) => foundAt(words, i, relationWords, true) !== null)) found.set('r:lead', 1);
    return found;
  };
  const situationExamples: { found: Map<string, number>; label: Happening }[] = [];
  const feelingExamples: { found: Map<string, number>; label: Feeling }[] = [];
  for (const [i, example] of data.examples.entries()) {
    if (i > 0 && i % EXAMPLES_A_STEP === 0) yield;
    const words = tokens(example.text, language);
    situationExamples.push({ found: situationFeatures(words), label: example.situation });
    feelingExamples.push({ found: feelingFeatures(words, example.situation), label: example.feeling });
    whoExamples.push({ found: whoFeatures(words), label: example.who });
  }
  yield* situations.train(situationExamples, options);
  yield* feelings.train(feelingExamples, options);
  yield* whoms.train(whoExamples, options);

  return {
    carries(sentence: string): boolean {
      const words = tokens(sentence, language);
      return (
        cueCounts(words, situationIndex).size > 0 ||
        cueCounts(words, feelingIndex).size > 0 ||
        firstFound(words, relationWords, true) !== null ||
        firstFound(words, timeWords, false) !== null
      );
    },
    read(text: string): Reading {
      const words = tokens(text, language);
      if (words.length === 0)
        return {
          main: GENERAL,
          also: [],
          feeling: null,
          relation: null,
          when: null,
          whenPast: false,
          deathCue: false,
          unkind: false,
          concerns: [],
          certainty: 1,
          who: null,
          mixed: false,
          bereaved: false,
        };
      // The situations named, as told apart where one's cue is a word of another's ("I work in a hospice").
      const situationHits = situationIndex.counts(words, true);
      let scores = situations.scores(situationFeatures(words));
      let main = argmax(scores);
      let also = [...situationHits.entries()]
        .filter(([id]) => id !== main)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 2)
        .map(([id]) => id);
      // Mixed news: one part good news, another a grave need; the need is what the prayer is for.
      let feeling = argmax(feelings.scores(feelingFeatures(words, main)));
      const pieces = text.split(contrastBreak);
      const parts =
        pieces.length < 2
          ? []
          : pieces
              .map((part) => tokens(part, language))
              .filter((part) => part.length >= MIN_PART_WORDS)
              .map((part) => {
                const partScores = situations.scores(situationFeatures(part));
                return { words: part, main: argmax(partScores), scores: partScores };
              });
      const grave = parts.find((part) => GRAVE.has(part.main));
      // The other part is news the person is glad of: good news ("we got the loan, but dad's kidneys are failing"),
      // or another situation ("I passed my defence, but grandpa had a stroke"); a fear beside a need is not news.
      const good = grave && GLAD.has(feeling) ? parts.find((part) => part.main !== GENERAL && !GRAVE.has(part.main)) : undefined;
      // Mixed only where the text as a whole is read as one of the two (not a decision that names both).
      const mixed = grave !== undefined && good !== undefined && (main === grave.main || main === good.main);
      if (mixed) {
        if (main !== grave.main) feeling = argmax(feelings.scores(feelingFeatures(words, grave.main)));
        main = grave.main;
        scores = grave.scores;
        also = [good.main as SituationId, ...also.filter((id) => id !== grave.main && id !== good.main)].slice(0, 2);
      } else if (feeling !== null && !GLAD.has(feeling) && !GRAVE.has(main)) {
        // Afraid or grieving over a grave need named beside a glad event ("born with a heart defect, the operation
        // is tomorrow"): the need is what the prayer is for, and the event stays beside it.
        const need = also.find((id) => GRAVE.has(id));
        if (need !== undefined && GLAD_EVENTS.has(main)) {
          also = [main as SituationId, ...also.filter((id) => id !== need)].slice(0, 2);
          main = need;
        }
      }
      return {
        main,
        also,
        mixed,
        feeling,
        // In mixed news, for whom the need is prayed (the news is the person's own: "I got the job, but mum...").
        who: argmax(whoms.scores(whoFeatures(mixed ? grave!.words : words))),
        // In mixed news the one prayed for is named in the part that tells the need.
        relation: (mixed ? firstFound(grave!.words, relationWords, true) : null) ?? firstFound(words, relationWords, true),
        ...timeOf(text),
        deathCue: situationHits.has('death') || situationHits.has('grief'),
        unkind: cueCounts(words, unkindIndex).size > 0,
        bereaved: cueCounts(words, bereavedIndex).size > 0,
        // In mixed news, only what the person fears within the need ("the loan came through" asks nothing of money).
        concerns: [...cueCounts(mixed ? grave!.words : words, concernIndex).entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id),
        certainty: probabilityOf(scores, main),
      };
    },
  };
}
