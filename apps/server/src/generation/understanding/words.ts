import { StemmerEn } from '@nlpjs/lang-en-min';
import { StemmerEs } from '@nlpjs/lang-es';
import { StemmerPl } from '@nlpjs/lang-pl';
import type { Language } from '@selah/domain/languages';

/**
 * Words as the understanding compares them: lower case, without diacritics (people type "corka" for "córka" and
 * "manana" for "mañana"), split by the platform's word segmenter, and stemmed by nlp.js's stemmer for the
 * language, so that "operacja", "operacji" and "operację" are one word.
 */
const STEMMERS: Record<Language, { stem(tokens: string[]): string[] }> = {
  en: new StemmerEn(),
  es: new StemmerEs(),
  pl: new StemmerPl(),
};

const segmenters = new Map<Language, Intl.Segmenter>();
const segmenterOf = (language: Language): Intl.Segmenter => {
  let segmenter = segmenters.get(language);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(language, { granularity: 'word' });
    segmenters.set(language, segmenter);
  }
  return segmenter;
};

/** Lower case, no diacritics (ł is a letter of its own in Unicode: it becomes l), apostrophes as typed on phones. */
export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ł/g, 'l')
    .replace(/[’ʼ`´]/g, "'");
}

/** The words of a text, normalised ("I'm" stays one word, as in the cue lists). */
export function tokens(text: string, language: Language): string[] {
  const words: string[] = [];
  for (const part of segmenterOf(language).segment(normalize(text))) {
    if (part.isWordLike) words.push(part.segment);
  }
  return words;
}

/** The stems of normalised words. */
export const stems = (words: readonly string[], language: Language): string[] => STEMMERS[language].stem([...words]);

/**
 * Whether a cue ("pregnan", "passed away", "nie moge spac") starts at word `index` of `words`: every word of it but
 * the last must match whole, the last as the start of a word.
 */
export function cueAt(words: readonly string[], index: number, cue: readonly string[]): boolean {
  if (index + cue.length > words.length) return false;
  for (let i = 0; i < cue.length; i++) {
    const word = words[index + i]!;
    const part = cue[i]!;
    if (i === cue.length - 1 ? !word.startsWith(part) : word !== part) return false;
  }
  return true;
}

/** A cue or a relation word as the words it matches. */
export const cueWords = (cue: string, language: Language): string[] => tokens(cue, language);
