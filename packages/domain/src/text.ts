/** Display helpers for prayer and journey texts. */
import type { Language } from './languages';

/** Sentence punctuation (. ? ! ; and an ellipsis) with any closing quotes or brackets, then a space. */
const SENTENCE_END = /([.?!;…]+["'”’»)\]]*) /g;
/** A paragraph break: a line break followed by optional blank space and another line break. */
const PARAGRAPH_BREAK = /\r?\n[^\S\r\n]*(?:\r?\n\s*)+/;

/**
 * Splits a prayer into display lines: at paragraph breaks and after sentence punctuation (. ? ! ;), which
 * stays at the end of its line. Punctuation inside a word ('3.5', 'U.S.') does not split; single line breaks
 * inside a paragraph count as spaces. Lines are trimmed and empty lines dropped.
 * (Whitespace is collapsed first so a line break can mark each sentence end: no lookbehind, which Safari
 * before 16.4 rejects when parsing the module.)
 */
export function splitIntoLines(text: string): string[] {
  return text
    .split(PARAGRAPH_BREAK)
    .flatMap((paragraph) => paragraph.replace(/\s+/g, ' ').replace(SENTENCE_END, '$1\n').split('\n'))
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

/** Texts of more than `maxWords` words collapse to the first `maxWords` plus an ellipsis (spec section 9). */
export function truncateWords(text: string, maxWords = 25): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length <= maxWords) return text;
  return `${words.slice(0, maxWords).join(' ')}…`;
}

/**
 * Words that open what a person writes about the people they pray for ("My grandmother Rosa", "Mi abuela",
 * "Moja babcia") and take a capital only because they come first: possessives, articles and quantifiers.
 * English is always included (people often write in it whatever the interface language).
 */
const SENTENCE_OPENERS: Record<Language, ReadonlySet<string>> = {
  en: new Set('my our your his her their the a an all both every each'.split(' ')),
  es: new Set('mi mis tu tus su sus nuestro nuestra nuestros nuestras el la los las un una unos unas todo toda todos todas'.split(' ')),
  pl: new Set(
    [
      'mój moja moje moi mojego mojej mojemu moim moją moich moimi',
      'nasz nasza nasze nasi naszego naszej naszemu naszym naszą naszych naszymi',
      'twój twoja twoje twoi twojego twojej twojemu twoim twoją twoich twoimi',
      'jego jej ich wszyscy wszystkich cała całą całej',
    ]
      .join(' ')
      .split(' '),
  ),
};

const FIRST_WORD = /^\p{L}+/u;

/**
 * A person's own words as they read in the middle of a sentence ("For {people}", "… I love and miss: {people}"):
 * kept as written, except that a first word which is capitalised only for coming first ("My grandmother Rosa")
 * starts small ("my grandmother Rosa"). Names ("Rosa"), words in capitals ("MY") and anything else stay as typed.
 */
export function inSentence(words: string, language: Language): string {
  const first = FIRST_WORD.exec(words)?.[0];
  if (!first) return words;
  const lower = first.toLocaleLowerCase(language);
  const capitalisedOnly = first !== lower && first.slice(1) === lower.slice(1);
  const opener = SENTENCE_OPENERS[language].has(lower) || SENTENCE_OPENERS.en.has(lower);
  return capitalisedOnly && opener ? `${lower.charAt(0)}${words.slice(1)}` : words;
}

/**
 * Control characters other than tab and line breaks, the line/paragraph separators, bidirectional marks and
 * overrides, and the byte-order mark (names, titles, goals, descriptions).
 */
const CONTROL_CHARACTERS =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/;
export const hasControlCharacters = (text: string): boolean => CONTROL_CHARACTERS.test(text);

/** A name is one line: no control characters, and no tab or line break either. */
export const isPlainName = (name: string): boolean => !hasControlCharacters(name) && !/[\t\n\r]/.test(name);
