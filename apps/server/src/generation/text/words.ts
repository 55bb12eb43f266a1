/** Words of a text as a person hears them: tokens with a letter or a digit; pause marks ([silence]) are not words. */
export function countWords(text: string): number {
  return text
    .replace(/\[(?:silence|pause)\]/gi, ' ')
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}
