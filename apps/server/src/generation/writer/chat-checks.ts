import { franc } from 'franc-min';
import type { Language } from '@selah/domain/languages';
import { GENERAL, type Situation } from '../understanding/situation';
import { splitIntoParagraphs, splitIntoSentences } from '../text/split-sentences';
import { stripPauseMarks } from '../text/pauses';
import { countWords } from '../text/words';
import type { PrayerRequest } from './writer';
import type { ChatReason, WriterError } from './openai-chat';
import type { LanguageVocabulary } from './chat-vocabulary';

/**
 * What a chat model answers is checked before the voice reads it (issue 35): the language, nothing the voice
 * cannot read, no sentence twice, and every quotation of scripture found among the verified passages Selah stores
 * (content/composer), or replaced by one that fits the same need. What cannot be mended throws, and the composer
 * writes the prayer instead.
 */
type Fail = (message: string, reason: ChatReason) => WriterError;

/** What the checks mended in an answer that is used: a quotation replaced, a reference corrected, a repeat dropped. */
export type Mend = 'scripture-replaced' | 'reference-corrected' | 'repeat-dropped';

/** A passage as Selah stores it: quoted exactly from the public-domain translation of its language. */
export interface VerifiedPassage {
  reference: string;
  text: string;
}

export interface VerifiedScripture {
  /** Every verified passage of a language, and those that fit a situation (or the focus of a general prayer) first. */
  passages(language: Language, situation: Situation): Promise<{ all: VerifiedPassage[]; fitting: VerifiedPassage[] }>;
}

const FRANC: Record<string, Language> = { eng: 'en', spa: 'es', pol: 'pl' };
const NAMES: Record<Language, string> = { en: 'English', es: 'Spanish', pl: 'Polish' };

const EMOJI = /\p{Extended_Pictographic}/u;
const LINK = /https?:\/\/|www\./i;
const MARKUP = /[<>{}()*_#|\\~^@=]|\[(?!pause\]|silence\])/i;

/** A sentence as two are compared: lower case, letters and digits only. */
const key = (sentence: string): string =>
  sentence
    .toLocaleLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * The language, what the voice reads, and no sentence said twice (a repeat is dropped), but for scripture the
 * answer declares: a meditation reads its passage twice and returns to a phrase of it.
 */
export function checkAnswer(text: string, request: PrayerRequest, fail: Fail, mended: Set<Mend>, quoted: readonly string[] = []): string {
  const quotations = quoted.map((quotation) => ` ${key(quotation)} `);
  const found = FRANC[franc(stripPauseMarks(text), { only: Object.keys(FRANC) })];
  if (found && found !== request.language) throw fail(`answered in ${NAMES[found]}, not ${NAMES[request.language]}`, 'language');
  const spoken = stripPauseMarks(text);
  if (EMOJI.test(spoken)) throw fail('answered a text with emoji, which the voice cannot read', 'unreadable');
  if (LINK.test(spoken)) throw fail('answered a text with a link, which the voice cannot read', 'unreadable');
  const markup = MARKUP.exec(text);
  if (markup) throw fail(`answered a text with "${markup[0]}", which the voice cannot read`, 'unreadable');
  const calm = text.replace(/¡/g, '').replace(/!+/g, '.');
  const said = new Set<string>();
  return splitIntoParagraphs(calm)
    .map((paragraph) =>
      splitIntoSentences(paragraph, request.language)
        .filter((sentence) => {
          const k = key(stripPauseMarks(sentence));
          if (countWords(k) < 4 || quotations.some((quotation) => quotation.includes(` ${k} `))) return true;
          if (said.has(k)) {
            mended.add('repeat-dropped');
            return false;
          }
          said.add(k);
          return true;
        })
        .join(' '),
    )
    .filter((paragraph) => paragraph.length > 0)
    .join('\n\n');
}

const words = (text: string): string => key(text);

/** Whether a quotation is a verified passage, or a part of one of at least five words. */
const verifiedAs = (quotation: string, passages: readonly VerifiedPassage[]): VerifiedPassage | undefined => {
  const quoted = words(quotation);
  if (countWords(quoted) < 5) return undefined;
  return passages.find((passage) => ` ${words(passage.text)} `.includes(` ${quoted} `));
};

/**
 * Each quotation the answer declares is checked: a verified one keeps its words (and takes the stored reference).
 * One that is not found throws, so the model is asked again; when `replace` is set (the answer to that second ask,
 * in a prayer) it is replaced by a verified passage that fits the situation instead. A meditation is never mended
 * so: what it reflects on is the passage it read. A reference left in the text that was not checked, or a
 * quotation not found where the answer says it is, throws.
 */
export async function verifyScripture(
  text: string,
  declared: readonly { reference: string; text: string }[],
  request: PrayerRequest,
  scripture: VerifiedScripture,
  fail: Fail,
  mended: Set<Mend>,
  replace = true,
): Promise<string> {
  const { all, fitting } = await scripture.passages(request.language, request.situation);
  let result = text;
  const used: string[] = [];
  const spare = fitting.filter((passage) => !declared.some((item) => verifiedAs(item.text, [passage])));
  for (const item of declared) {
    const quotation = item.text.replace(/\s+/g, ' ').trim();
    if (!result.includes(quotation)) throw fail(`answered a quotation of ${item.reference} that is not in its text`, 'scripture');
    const verified = verifiedAs(quotation, all);
    if (verified) {
      if (item.reference !== verified.reference) {
        result = result.split(item.reference).join(verified.reference);
        mended.add('reference-corrected');
      }
      used.push(verified.reference);
      continue;
    }
    if (!replace) throw fail(`quoted ${item.reference}, which is not among the verified passages offered`, 'scripture');
    // The verified passage nearest the quotation in length, so the prayer keeps the length its writer gave it.
    const length = countWords(quotation);
    const nearest = spare.reduce<number>(
      (best, passage, i) =>
        best < 0 || Math.abs(countWords(passage.text) - length) < Math.abs(countWords(spare[best]!.text) - length) ? i : best,
      -1,
    );
    const replacement = nearest >= 0 ? spare.splice(nearest, 1)[0] : undefined;
    if (!replacement) {
      throw fail(`quoted ${item.reference}, which is not among the verified passages, and none is left to replace it`, 'scripture');
    }
    result = result.replace(quotation, replacement.text).split(item.reference).join(replacement.reference);
    mended.add('scripture-replaced');
    used.push(replacement.reference);
  }
  // Digits are left only in the references checked above (numbers are written as words).
  let rest = stripPauseMarks(result);
  for (const reference of used) rest = rest.split(reference).join(' ');
  // A number the person wrote may be said back as they wrote it ("38 weeks"); any other is an unchecked reference.
  const theirs = new Set(request.description.match(/\d+/g) ?? []);
  if ((rest.match(/\d+/g) ?? []).some((number) => !theirs.has(number))) {
    throw fail('answered a reference or a number that was not checked against the verified passages', 'scripture');
  }
  return result;
}

/**
 * The length the person chose: the words of the text (pause marks aside) within what 15 seconds either way of
 * its minutes take at the voice's pace (../shared/CONTENT.md: 3:00 +/- 15 s).
 */
export function checkLength(text: string, request: PrayerRequest, fail: Fail): void {
  const words = countWords(stripPauseMarks(text));
  const slack = (request.targetWords * 15) / (request.lengthMinutes * 60);
  const [least, most] = [Math.ceil(request.targetWords - slack), Math.floor(request.targetWords + slack)];
  if (words < least || words > most) {
    throw fail(`answered ${words} words for a ${request.lengthMinutes}-minute prayer (${least} to ${most} expected)`, 'length');
  }
}

const fold = (text: string, language: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase(language);

/**
 * Nothing unkind said, and the people the person named still named: each name (in Polish in any of its cases,
 * "Zosia", "Zosi", "Zosię") and the one prayed for by a word of their relation ("mi suegra", "teściowej").
 */
export function checkKindAndKept(text: string, request: PrayerRequest, vocabulary: LanguageVocabulary, fail: Fail): void {
  const spoken = stripPauseMarks(text);
  const curse = vocabulary.unkind(spoken);
  if (curse) throw fail(`said "${curse}", which a prayer never says`, 'unkind');
  const { situation, language } = request;
  // What asked for something unkind is prayed for gently, and its words are not said back.
  if (situation.unkind) return;
  const words = fold(spoken, language).split(/[^\p{L}\p{N}]+/u);
  const missing = situation.names.filter((name) => {
    const first = fold(name, language)
      .split(/[^\p{L}\p{N}]+/u)
      .find(Boolean);
    if (!first) return false;
    if (language !== 'pl') return !words.includes(first);
    // Polish names change their ending with their case: the same start, a word of about the same length.
    const stem = first.slice(0, Math.max(2, first.length - (first.length >= 5 ? 2 : 1)));
    return !words.some((word) => word.startsWith(stem) && word.length >= first.length - 1 && word.length <= first.length + 3);
  });
  // The message names no one: it is logged, and what the person wrote is never.
  if (missing.length > 0) throw fail(`did not name ${missing.length} of the ${situation.names.length} people the request names`, 'names');
  if (situation.relation && situation.who !== 'self') {
    const lower = ` ${spoken.toLocaleLowerCase(language).replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')} `;
    const named = vocabulary
      .relationWords(situation.relation)
      .some((word) => lower.includes(` ${word.replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')} `));
    if (!named) throw fail(`did not name the person's ${situation.relation}, for whom the prayer is`, 'names');
  }
}

/** The passages of a situation first, then those of the focus: the ones a replacement is taken from. */
export const fittingFirst = (situation: Situation, forSituation: VerifiedPassage[], forFocus: VerifiedPassage[]): VerifiedPassage[] =>
  situation.main === GENERAL ? forFocus : [...forSituation, ...forFocus];
