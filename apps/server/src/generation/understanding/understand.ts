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
      return understandWith(await modelOf(request.language), request);
    },
    async prepare() {
      for (const language of LANGUAGES) await modelOf(language);
    },
  };
}

const FRANC: Record<Language, string> = { en: 'eng', es: 'spa', pl: 'pol' };
/** Below this share of the best language's score (franc-min), a text of a few words is not in the prayer's language. */
const OWN_LANGUAGE_SCORE = 0.7;
const OTHER_LANGUAGE_MIN_WORDS = 4;

/**
 * Whether a text reads as another of Selah's languages than the prayer's. Short texts are often misjudged, so
 * this only keeps a text from being said back in the wrong voice; the model still reads it.
 */
function inOtherLanguage(text: string, language: Language): boolean {
  if (countWords(text) < OTHER_LANGUAGE_MIN_WORDS) return false;
  const scores = new Map(francAll(text, { only: Object.values(FRANC) }));
  return (scores.get(FRANC[language]) ?? 0) < OWN_LANGUAGE_SCORE;
}

/** The situation of a request, read with a built model. */
export function understandWith(model: Model, request: UnderstandingRequest): Situation {
  const text = request.description.normalize('NFC').slice(0, MAX_CHARACTERS);
  const names = text.trim() ? namesIn(text, request.language) : [];
  const reading = model.read(text);
  const departed = reading.main === 'death' || reading.main === 'grief' || reading.deathCue;
  return {
    language: request.language,
    main: reading.main,
    also: reading.also,
    feeling: reading.feeling,
    who: reading.relation !== null || names.length > 0 ? 'others' : 'self',
    relation: reading.relation,
    departed,
    when: reading.when,
    names,
    focus: request.focus,
    unkind: reading.unkind,
    otherLanguage: inOtherLanguage(text, request.language),
  };
}
