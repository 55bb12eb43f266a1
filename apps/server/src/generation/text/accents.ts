/**
 * Letters a person left out, put back before their words are read aloud (issue 46, item 3): people type on
 * phones without accents ("zmeczona", "mój" as "moj", "corazon"), and the voice then reads another word. A word
 * typed without its marks is given them when the vocabulary of what Selah itself says knows it only with them:
 * "zmeczona" becomes "zmęczona", "corazon" "corazón"; "esta" stays (Spanish writes both "esta" and "está"), as does
 * any word Selah's own texts write without marks.
 */

/** A word without its marks, lower case (Polish ł as l): the key under which its written forms are found. */
export const fold = (word: string): string => word.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase().replace(/ł/g, 'l');

const WORD = /[\p{L}\p{M}]+/gu;

/** How each word without marks is to be written: only words always written one way with marks. */
export type AccentVocabulary = ReadonlyMap<string, string>;

/**
 * The vocabulary of texts written with care (Selah's own corpora): for each folded word, its one form with marks,
 * unless the texts also write it without marks, or with marks in two ways ("esta", "está"; "sí", "si").
 */
export function accentVocabulary(texts: Iterable<string>): AccentVocabulary {
  const forms = new Map<string, Set<string>>();
  for (const text of texts) {
    for (const [word] of text.normalize('NFC').matchAll(WORD)) {
      const lower = word.toLocaleLowerCase();
      const key = fold(lower);
      let set = forms.get(key);
      if (!set) forms.set(key, (set = new Set()));
      set.add(lower);
    }
  }
  const vocabulary = new Map<string, string>();
  for (const [key, set] of forms) {
    if (set.size !== 1) continue;
    const [only] = set;
    if (only === key || endingOnly(key, only!)) continue;
    vocabulary.set(key, only!);
  }
  return vocabulary;
}

/**
 * A Polish case ending is told by its last letter alone ("zdrowa" and "zdrową", "kwalifikacyjna" and
 * "kwalifikacyjną" are both words): a longer word whose only mark is a final ą or ę is not given it, for the
 * vocabulary may simply lack the other form. "sie" is "się" all the same.
 */
const endingOnly = (key: string, marked: string): boolean =>
  key.length > 3 && /[ąę]$/u.test(marked) && fold(marked.slice(0, -1)) === marked.slice(0, -1);

/**
 * A text with the marks put back where the vocabulary is sure of them; case and everything else kept, and the
 * names in `keep` left as the person wrote them.
 */
export function restoreAccents(text: string, vocabulary: AccentVocabulary, keep: readonly string[] = []): string {
  const names = new Set(keep.flatMap((name) => name.match(WORD) ?? []).map((part) => fold(part)));
  return text.normalize('NFC').replace(WORD, (word) => {
    // Only a word typed wholly without marks: "corazón" or "Łódź" is as its writer meant it.
    if (fold(word) !== word.toLocaleLowerCase() || names.has(fold(word))) return word;
    const restored = vocabulary.get(word.toLocaleLowerCase());
    if (!restored) return word;
    if (word === word.toLocaleUpperCase() && word.length > 1) return restored.toLocaleUpperCase();
    return word[0] === word[0]!.toLocaleUpperCase() ? restored[0]!.toLocaleUpperCase() + restored.slice(1) : restored;
  });
}
