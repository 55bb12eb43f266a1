import { MONTHS, WEEKDAYS } from '@selah/domain/dates';
import type { Language } from '@selah/domain/languages';

/**
 * The names of people a person wrote ("My father Adam has surgery on Friday" -> Adam), so that the prayer can
 * speak of them again in a line of its own. A name is a capitalised word that does not start a sentence and is
 * not a word the language capitalises anyway (God, days, months, places of faith). Polish declines names, and a
 * line can only hold one in the nominative: a Polish name is kept only where the person wrote it as a subject
 * (after "mój", "moja"... or before a verb that has it as its subject); any other is left out rather than spoken
 * in the wrong case.
 */
const NOT_NAMES: Record<Language, readonly string[]> = {
  en: [
    ...['i', 'god', 'lord', 'jesus', 'christ', 'father', 'holy', 'spirit', 'bible', 'christmas', 'easter', 'mom', 'mum', 'dad'],
    ...['covid', 'church', 'amen', 'please', 'thank', 'thanks', 'english'],
    ...WEEKDAYS,
    ...MONTHS,
  ],
  es: [
    'dios',
    'señor',
    'jesús',
    'jesucristo',
    'cristo',
    'padre',
    'espíritu',
    'santo',
    'san',
    'santa',
    'biblia',
    'navidad',
    'pascua',
    'lunes',
    'martes',
    'miércoles',
    'jueves',
    'viernes',
    'sábado',
    'domingo',
    'enero',
    'febrero',
    'marzo',
    'abril',
    'mayo',
    'junio',
    'julio',
    'agosto',
    'septiembre',
    'octubre',
    'noviembre',
    'diciembre',
    'mamá',
    'papá',
    'virgen',
    'iglesia',
    'amén',
    'covid',
  ],
  pl: [
    'bóg',
    'boga',
    'bogu',
    'bogiem',
    'panie',
    'pan',
    'pana',
    'panu',
    'jezus',
    'jezusa',
    'jezusie',
    'chrystus',
    'chrystusa',
    'ojciec',
    'ojcze',
    'duch',
    'ducha',
    'święty',
    'świętego',
    'biblia',
    'biblii',
    'boże',
    'wielkanoc',
    'poniedziałek',
    'wtorek',
    'środa',
    'środę',
    'czwartek',
    'piątek',
    'sobota',
    'sobotę',
    'niedziela',
    'niedzielę',
    'styczeń',
    'luty',
    'marzec',
    'kwiecień',
    'maj',
    'czerwiec',
    'lipiec',
    'sierpień',
    'wrzesień',
    'październik',
    'listopad',
    'grudzień',
    'mama',
    'tata',
    'kościół',
    'kościoła',
    'amen',
    'covid',
    'ty',
    'ciebie',
    'cię',
    'tobie',
    'tobą',
    'twój',
    'twoja',
    'twoje',
    'twojej',
    'twoim',
    'twoją',
  ],
};

/** Polish words after which a name is written in the nominative ("moja siostra Ola", "mój syn Jan"). */
const PL_BEFORE_NOMINATIVE = /^(?:mój|moja|moje|nasz|nasza|nasze|mój\s+\p{L}+|moja\s+\p{L}+|nasz\s+\p{L}+|nasza\s+\p{L}+)$/iu;
/** Polish verbs whose subject comes right before them ("Ola ma operację", "Jan jest chory"). */
const PL_SUBJECT_VERBS = new Set(
  'ma jest był była będzie nie choruje czeka zaczyna przechodzi potrzebuje walczy odszedł odeszła zmarł zmarła wraca kończy idzie jedzie pisze zdaje rodzi urodził urodziła leży szuka pracuje traci stracił straciła bierze przeżywa'.split(
    ' ',
  ),
);

/**
 * Words after which a capitalised word is a place, not a person ("the job in Denver", "a trip to Guatemala",
 * "vivo en Madrid", "me mudé a Madrid"): a city prayed for as a person is worse than a name left out. Spanish "a"
 * also comes before people ("a Andrés"), so it counts only after a verb of going. Polish keeps only nominative
 * names (below), which a place after "w", "do" or "z" never is.
 */
const BEFORE_PLACE: Record<Language, RegExp> = {
  en: /^(?:in|to|from|at|near|into|across|around|visiting|visit|via|toward|towards|outside)$/i,
  es: /^(?:en|desde|hacia|hasta)$/i,
  pl: /^$/,
};
const ES_GOING =
  /^(?:mud\p{L}*|viaj\p{L}*|voy|vas|va|vamos|van|ir|irme|irnos|fui|fue|fuimos|fueron|lleg\p{L}*|volv\p{L}*|vuelv\p{L}*|regres\p{L}*|emigr\p{L}*|traslad\p{L}*)$/iu;

/** Words that may stand between a verb of going and "a" ("me mudé sola a Madrid", "nos fuimos todos a Lima"). */
const ES_ALONG = /^(?:sol[oa]s?|tod[oa]s|junt[oa]s|ya|también|tambien|recién|recien|lejos)$/iu;

export const MAX_NAMES = 2;

export function namesIn(text: string, language: Language): string[] {
  const names: string[] = [];
  for (const sentence of text.split(/(?<=[.?!…])\s+|\n+/)) {
    const words = sentence.split(/\s+/).filter(Boolean);
    // The word before was a place: a capitalised word right after it is the rest of its name ("Estados Unidos").
    let inPlace = false;
    for (let i = 1; i < words.length; i++) {
      const word = words[i]!.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
      const placeBefore = inPlace && !/[,.?!:;…]$/.test(words[i - 1]!);
      inPlace = false;
      if (!/^\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?$/u.test(word)) continue;
      if (NOT_NAMES[language].includes(word.toLocaleLowerCase())) continue;
      // A word after sentence punctuation inside the line starts a sentence too.
      if (/[.?!:;…]$/.test(words[i - 1]!)) continue;
      const previous = words[i - 1]!.replace(/[^\p{L}]/gu, '');
      if (placeBefore || BEFORE_PLACE[language].test(previous)) {
        inPlace = true;
        continue;
      }
      // A saint's name is a church or a place ("la parroquia de San Judas", "St Mary's"), not a person prayed for.
      if (/^(?:san|santa|santo|saint|st|św|święty|święta|świętego|świętej)$/i.test(previous)) continue;
      // "me mudé a Madrid", "me mudé sola a Madrid" (never "voy a ver a Andrés": one word between, of a few).
      const bare = (at: number) => (words[at] ?? '').replace(/[^\p{L}]/gu, '');
      if (
        language === 'es' &&
        /^a$/i.test(previous) &&
        (ES_GOING.test(bare(i - 2)) || (ES_ALONG.test(bare(i - 2)) && ES_GOING.test(bare(i - 3))))
      ) {
        inPlace = true;
        continue;
      }
      if (language === 'pl') {
        const before = words
          .slice(Math.max(0, i - 2), i)
          .join(' ')
          .replace(/[^\p{L}\s]/gu, '');
        const lastBefore = words[i - 1]!.replace(/[^\p{L}]/gu, '');
        const next = (words[i + 1] ?? '').replace(/[^\p{L}]/gu, '').toLocaleLowerCase();
        const nominative =
          PL_BEFORE_NOMINATIVE.test(lastBefore) ||
          PL_BEFORE_NOMINATIVE.test(before) ||
          (PL_SUBJECT_VERBS.has(next) && !/[,]$/.test(words[i]!));
        if (!nominative) continue;
      }
      if (!names.includes(word)) names.push(word);
      if (names.length === MAX_NAMES) return names;
    }
  }
  return names;
}
