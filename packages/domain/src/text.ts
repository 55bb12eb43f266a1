/** Display helpers for prayer and journey texts. */

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
