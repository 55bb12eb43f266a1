import type { Language } from '@selah/domain/languages';

/**
 * Splitting a text for the voice: paragraphs at blank lines (a longer pause), sentences at . ? ! ; : and an
 * ellipsis (a shorter pause). Each sentence is voiced on its own, so a split in the wrong place is heard as a
 * pause in the middle of a phrase: abbreviations, initials, decimals and Bible references stay whole.
 */

/** A blank line (optionally with spaces on it) between two paragraphs. */
const PARAGRAPH_BREAK = /\r?\n[^\S\r\n]*(?:\r?\n\s*)+/;

/** Sentence punctuation, any closing quotes or brackets after it, then the white space before the next sentence. */
const BOUNDARY = /([.?!;:…]+)(["'”’»)\]]*)(\s+)/g;

/** Abbreviations a name or number follows: never the end of a sentence ("St. John", "Dr. Smith", "ks. Jan"). */
const TITLES: Record<Language, readonly string[]> = {
  en: ['mr', 'mrs', 'ms', 'dr', 'st', 'fr', 'rev', 'prof', 'sr', 'jr', 'vol', 'ch', 'vs', 'ps'],
  es: ['sr', 'sra', 'srta', 'dr', 'dra', 'dña', 'sto', 'sta', 'pág', 'núm', 'ud', 'uds', 'cap', 'vol'],
  pl: ['św', 'ks', 'bp', 'abp', 'o', 's', 'dr', 'prof', 'nr', 'al', 'ul', 'ps', 'rozdz', 'por', 'zob'],
};

/** Abbreviations that usually sit inside a sentence; they end one only when a capital letter follows. */
const INNER: Record<Language, readonly string[]> = {
  en: ['etc', 'e.g', 'i.e', 'cf', 'approx', 'ca'],
  es: ['etc', 'p.ej', 'aprox', 'cf', 'vid'],
  pl: ['np', 'tzw', 'tj', 'itd', 'itp', 'm.in', 'ok', 'r', 'w', 'wg', 'tzn', 'cd', 'ds', 'godz', 'zm', 'ur'],
};

/** Paragraphs of a text, at blank lines; line breaks inside a paragraph count as spaces. */
export function splitIntoParagraphs(text: string): string[] {
  return text
    .split(PARAGRAPH_BREAK)
    .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
    .filter((paragraph) => paragraph.length > 0);
}

/** The word right before a position: letters, digits and inner dots ("e.g", "m.in", "J"). */
function wordBefore(text: string, end: number): string {
  const match = /[\p{L}\p{N}.]*$/u.exec(text.slice(Math.max(0, end - 24), end));
  return (match?.[0] ?? '').replace(/^\.+/, '');
}

function isBoundary(text: string, punctuation: string, wordEnd: number, next: string, language: Language): boolean {
  // "?", "!", ";", ":", "…", "?!" and "..." always end a sentence; a lone "." needs a closer look.
  if (punctuation !== '.') return true;
  // "and so on, etc. and" or "np. gdy": a lower-case continuation is the same sentence.
  if (/^\p{Ll}/u.test(next)) return false;
  const word = wordBefore(text, wordEnd);
  const lower = word.toLowerCase();
  if (TITLES[language].includes(lower) || TITLES.en.includes(lower)) return false;
  // An initial ("J. Smith") is followed by a name.
  if (/^\p{Lu}$/u.test(word)) return false;
  // Inner abbreviations and dotted acronyms ("U.S.", "m.in.") end a sentence only before a capital or an opening mark.
  if (INNER[language].includes(lower) || /^(\p{L}\.)+\p{L}$/u.test(word)) return /^[\p{Lu}"“„«¿¡]/u.test(next);
  return true;
}

/**
 * The sentences of a text, in order, each trimmed, with its punctuation kept. Paragraph breaks end a sentence
 * too. Spanish opening marks (¿ ¡) and Polish or Spanish quotes („ » «) stay with their sentence.
 */
export function splitIntoSentences(text: string, language: Language = 'en'): string[] {
  const sentences: string[] = [];
  for (const paragraph of splitIntoParagraphs(text)) {
    let start = 0;
    for (const match of paragraph.matchAll(BOUNDARY)) {
      const [whole, punctuation = '', closing = ''] = match;
      const end = match.index + punctuation.length + closing.length;
      const next = paragraph.slice(match.index + whole.length, match.index + whole.length + 2);
      if (!isBoundary(paragraph, punctuation, match.index, next, language)) continue;
      sentences.push(paragraph.slice(start, end).trim());
      start = match.index + whole.length;
    }
    sentences.push(paragraph.slice(start).trim());
  }
  return sentences.filter((sentence) => /[\p{L}\p{N}]/u.test(sentence));
}
