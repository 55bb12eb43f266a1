import { splitIntoSentences } from '../text/split-sentences';
import { LANGUAGES, type Language } from '@selah/domain/languages';
import type { Topic } from '@selah/domain/records';
import { namesIn } from '../text/names';
import { loadData } from './data';
import { buildModelInSteps, type Model } from './model';
import { francAll } from 'franc-min';
import { countWords } from '../text/words';
import type { Situation } from './situation';

/** What the understanding reads: the quiz's answers. */
export interface UnderstandingRequest {
  language: Language;
  /** Quiz step 2, as typed (may be empty). */
  description: string;
  focus: Topic;
}

export interface Understanding {
  understand(request: UnderstandingRequest): Promise<Situation>;
  /**
   * Builds every language's model ahead of the first request, one after the other and in small steps (a worker
   * calls it once started): the first prayer after a start does not wait for it.
   */
  prepare(): Promise<void>;
}

/** Only the start of a very long text is read: what a person means comes first, and reading stays fast. */
const MAX_CHARACTERS = 2000;

/**
 * The understanding stage (content/understanding/): each language's model is built from its data when first
 * needed and kept; a file that fails to load is tried again on the next request.
 */
export function createUnderstanding(options: { contentDir: string }): Understanding {
  const models = new Map<Language, Promise<Model>>();
  const modelOf = (language: Language): Promise<Model> => {
    let model = models.get(language);
    if (!model) {
      model = loadData(options.contentDir, language).then((data) => buildModelInSteps(data));
      model.catch(() => models.delete(language));
      models.set(language, model);
    }
    return model;
  };
  return {
    async understand(request) {
      // A text in another of Selah's languages is read by that language's model.
      const written = writtenIn(request.description, request.language);
      return understandWith(await modelOf(written), request, written);
    },
    async prepare() {
      for (const language of LANGUAGES) await modelOf(language);
    },
  };
}

const FRANC: Record<Language, string> = { en: 'eng', es: 'spa', pl: 'pol' };
/**
 * Below this share of the best language's score (franc-min), a text is not in the prayer's language: on the labelled
 * texts of content/understanding, 0.3% of texts in the account's language are taken for another, and 98% of texts in
 * another of ours are read in their own.
 */
const OWN_LANGUAGE_SCORE = 0.85;
const OTHER_LANGUAGE_MIN_WORDS = 4;

const clip = (description: string): string => description.normalize('NFC').slice(0, MAX_CHARACTERS);

/**
 * Which of Selah's languages a text is written in (franc-min, among ours only): the prayer's, unless the text
 * reads clearly as another. Texts of a few words are misjudged too often, and are taken as the prayer's.
 */
export function writtenIn(description: string, language: Language): Language {
  const text = clip(description);
  if (countWords(text) < OTHER_LANGUAGE_MIN_WORDS) return language;
  const scores = francAll(text, { only: Object.values(FRANC) });
  const own = scores.find(([code]) => code === FRANC[language])?.[1] ?? 0;
  if (own >= OWN_LANGUAGE_SCORE) return language;
  const best = scores[0]?.[0];
  return LANGUAGES.find((candidate) => FRANC[candidate] === best) ?? language;
}

/**
 * The situation of a request, read with a built model: the model of the language the text is written in
 * (`written`, from writtenIn), which may be another than the prayer's.
 */
export function understandWith(model: Model, request: UnderstandingRequest, written: Language = request.language): Situation {
  const text = clip(request.description);
  const names = text.trim() ? namesIn(text, written) : [];
  const reading = model.read(text);
  // The asides left out of what may be said back: the sentences that carry nothing known and name no one.
  const sentences = splitIntoSentences(text, written);
  const carrying = sentences.filter((sentence) => model.carries(sentence) || names.some((name) => sentence.includes(name)));
  const departed = reading.main === 'death' || reading.main === 'grief' || reading.deathCue;
  return {
    language: request.language,
    main: reading.main,
    also: reading.also,
    feeling: reading.feeling,
    // Learned from the labelled texts (a relation or a name alone does not make a prayer for someone else: "I lost
    // my job and my kids are scared"); an empty text is the person's own.
    who: reading.who ?? 'self',
    // The relation names the one prayed for: a prayer for the person themself has none ("my parents will kill me").
    relation: reading.who === 'self' ? null : reading.relation,
    departed,
    when: reading.when,
    whenPast: reading.whenPast,
    core: carrying.length > 0 ? carrying.join(' ') : text.trim(),
    names,
    concerns: reading.concerns,
    focus: request.focus,
    unkind: reading.unkind,
    otherLanguage: written !== request.language,
    certainty: reading.certainty,
    mixed: reading.mixed,
    bereaved: departed && reading.bereaved && reading.who !== 'self',
  };
}
