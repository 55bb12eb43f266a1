import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, type Language } from '@selah/domain/languages';
import { FOCUSES } from '@selah/domain/records';
import { beforeAll, describe, expect, it } from 'vitest';
import { fill, loadCorpus, type Corpus } from './composer';
import { loadSituationCorpus } from './situation-corpus';

/**
 * The agreement rules of content/README.md ("Agreement"), checked on every combination the composer can build
 * from its corpus: each goals line with one, two and three goals, each phrase line with each passage's phrase,
 * and every line the speaker says of themselves.
 */
const contentDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../content');

/** Words that make a goals line plural (wrong around one goal), and singular (wrong around several). */
const PLURAL: Record<Language, RegExp> = {
  en: /\b(these|those|them|they|goals|steps|resolutions)\b/i,
  es: /\b(estas|estos|ellas|ellos|metas|pasos|propósitos)\b/i,
  pl: /\b(te|tych|tymi|nich|nimi|je|cele|kroki|postanowienia|celów|kroków|postanowień|wyrastają|prowadzą)\b/i,
};
const SINGULAR: Record<Language, RegExp> = {
  en: /\b(this goal|this step|it)\b/i,
  es: /\b(esta meta|este propósito|este paso|la meta|el propósito)\b/i,
  pl: /\b(ten cel|to postanowienie|ten krok|tego celu|tego postanowienia|tym celem|temu)\b/i,
};

/** A pronoun that would stand for the passage's phrase, whose gender and number vary. */
const PHRASE_PRONOUN: Record<Language, RegExp> = {
  en: /\b(it|them|its)\b/i,
  es: /(\p{L}(?:ar|er|ir|ndo)(?:la|las|lo|los)\b)|\b(?:la|las|lo|los) (?:repito|guardo|escucho|recibo|digo|llevo|dejo|saboreo|medito|pronuncio|susurro|leo|analizo|entiendo|acojo|tomo|sostengo|abrazo|rumio|repaso|vuelvo a)\b|\b(?:ella|ellas)\b/iu,
  pl: /(?<!\p{L})(ją|je|go|mu|nią|niej|nim|nich|jej)(?!\p{L})/iu,
};

/** The speaker's gender is unknown: no first-person form that marks it. */
const GENDERED_SPEAKER: Partial<Record<Language, RegExp>> = {
  es: /\b(?:estoy|me siento|soy|quedo|me quedo|sigo|vengo|llego) (?:tan |muy |un poco )?(?:\p{L}+(?:ado|ada|ados|adas|ido|ida|idos|idas)|sol[oa]|list[oa]|segur[oa]|tranquil[oa]|content[oa]|nervios[oa]|ansios[oa]|agradecid[oa])\b/iu,
  pl: /(?<!\p{L})\p{L}+(?:łem|łam|łbym|łabym|łobym)(?!\p{L})|(?<!\p{L})(?:jestem|czuję się|bywam|zostaję) (?:taki |taka |bardzo )?\p{L}+(?:ony|ona|ny|na|wy|wa|ty|ta|ly|la)(?!\p{L})/iu,
};

/** Every spoken line of the corpus that is not scripture, with where it is. */
function corpusLines(corpus: Corpus): { where: string; line: string }[] {
  const lines: { where: string; line: string }[] = [];
  const walk = (value: unknown, where: string) => {
    if (typeof value === 'string') lines.push({ where, line: value });
    else if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${where}.${i}`));
    else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) walk(item, `${where}.${key}`);
  };
  const { passages: _passages, language: _language, ...rest } = corpus;
  walk(rest, '');
  return lines;
}

describe.each(LANGUAGES)('agreement in %s', (language) => {
  let corpus: Corpus;
  beforeAll(async () => {
    corpus = await loadCorpus(contentDir, language);
  });

  it('goals lines agree in number with one goal and with several, in every combination', () => {
    const goals = ['pray every morning', 'forgive quickly', 'rest on Sundays'];
    for (const count of [1, 2, 3]) {
      const form = count === 1 ? 'one' : 'many';
      for (const intro of corpus.goals.intro[form]) {
        for (const outro of corpus.goals.outro[form]) {
          // The goals themselves are the person's words: only what the corpus says around them is checked.
          const spoken = [intro.replace('{goals}', goals.slice(0, count).join(', ')), outro].join(' ');
          if (count === 1) expect(spoken, `one goal: ${spoken}`).not.toMatch(PLURAL[language]);
          else expect(spoken, `${count} goals: ${spoken}`).not.toMatch(SINGULAR[language]);
        }
      }
    }
  });

  it('lines after the phrase never stand for it with a pronoun, whatever the phrase and the line that gave it', () => {
    // A phrase line may say "one phrase stays with me, I repeat it": the pronoun agrees with its own noun. The lines
    // after it follow whichever phrase line was drawn, so they name what they mean ("these words").
    const { meditation } = corpus;
    for (const focus of FOCUSES) {
      for (const passage of corpus.passages[focus]) {
        for (const template of [...meditation.phraseMore, ...meditation.reflectionMore, ...meditation.response]) {
          const line = fill(template, { phrase: passage.phrase });
          // The phrase itself may hold any word: only what the corpus adds around it is checked.
          const around = line
            .split(passage.phrase)
            .join(' ')
            .split(passage.phrase.charAt(0).toUpperCase() + passage.phrase.slice(1))
            .join(' ');
          expect(around, `"${line}" after ${passage.reference}`).not.toMatch(PHRASE_PRONOUN[language]);
        }
      }
    }
  });

  it('the speaker never says something of themselves that marks a gender', () => {
    const rule = GENDERED_SPEAKER[language];
    if (!rule) return;
    for (const { where, line } of corpusLines(corpus)) expect(line, where).not.toMatch(rule);
  });
});

/**
 * Names and relation words in every slot they fill (issue 46): a name is only ever in the nominative (text/names.ts
 * keeps no other), and nothing around a name or a relation agrees with it, since its gender and number are not known.
 */
const NAME_CASE_BEFORE: Partial<Record<Language, RegExp>> = {
  // A Polish preposition before a name asks a case a name typed in the nominative does not have ("za Zosia").
  pl: /(?<!\p{L})(?:za|dla|o|z|ze|przy|u|od|do|nad|pod|przed|po|ku|w|we|na|bez|przez|dzięki|wobec|obok|wokół)\s+\{name\}/iu,
};
/** Pronouns and forms that would give the one named a gender or a number. */
const AGREES_WITH_PERSON: Record<Language, RegExp> = {
  en: /(?<![\p{L}'])(?:he|she|him|his|her|hers|himself|herself)(?![\p{L}'])/iu,
  es: /(?<!\p{L})(?:él|ella|ellos|ellas)(?!\p{L})|\{(?:name|who)\},?\s+(?:que\s+)?(?:está|es|sigue|se siente|anda|parece)\s+(?:tan |muy )?\p{L}+(?:o|a|os|as)(?!\p{L})/iu,
  pl: /(?<!\p{L})(?:jej|jego|jemu|ją|go|niego|niej|nią|nim|niemu|on|ona|oni|one)(?!\p{L})|\{(?:name|who)\}\s+\p{L}+(?:ł|ła|ło|li|ły)(?!\p{L})/iu,
};
/** The cases a Polish preposition asks for, by the placeholder of the relation that follows it. */
const PL_CASES_AFTER: Record<string, readonly string[]> = {
  dla: ['whoGen'],
  od: ['whoGen'],
  do: ['whoGen'],
  bez: ['whoGen'],
  u: ['whoGen'],
  wokół: ['whoGen'],
  obok: ['whoGen'],
  za: ['whoAcc', 'whoIns'],
  przez: ['whoAcc'],
  na: ['whoAcc', 'whoLoc'],
  w: ['whoAcc', 'whoLoc'],
  o: ['whoAcc', 'whoLoc'],
  z: ['whoIns', 'whoGen'],
  ze: ['whoIns', 'whoGen'],
  przy: ['whoLoc'],
  po: ['whoLoc'],
  nad: ['whoIns'],
  pod: ['whoIns', 'whoAcc'],
  przed: ['whoIns'],
  ku: ['whoDat'],
  dzięki: ['whoDat'],
  wobec: ['whoGen'],
};

describe.each(LANGUAGES)('names and relation words in %s', (language) => {
  let lines: { where: string; line: string }[];
  beforeAll(async () => {
    const corpus = await loadCorpus(contentDir, language);
    const situations = await loadSituationCorpus(contentDir, language);
    lines = [
      ...corpus.names.map((line, i) => ({ where: `names.${i}`, line })),
      ...situations.namesAny.map((line, i) => ({ where: `namesAny.${i}`, line })),
      ...situations.namesDeparted.map((line, i) => ({ where: `namesDeparted.${i}`, line })),
      ...Object.entries(situations.situations).flatMap(([id, own]) => [
        ...[...own.acknowledgeFor.joy, ...own.acknowledgeFor.need].map((line) => ({ where: `${id}.acknowledgeFor`, line })),
        ...(own.titles.personal
          ? Object.values(own.titles.personal).flatMap((byTone) =>
              [...byTone.joy, ...byTone.need].map((line) => ({ where: `${id}.titles.personal`, line })),
            )
          : []),
      ]),
    ].filter(({ line }) => /\{(?:name|who\w*)\}/.test(line));
  });

  it('never gives the one named or the relation a gender or a number the line cannot know', () => {
    expect(lines.length).toBeGreaterThan(100);
    for (const { where, line } of lines) expect(line, where).not.toMatch(AGREES_WITH_PERSON[language]);
  });

  it('puts a name only where the nominative is right, and a relation in the case its preposition asks', () => {
    const before = NAME_CASE_BEFORE[language];
    for (const { where, line } of lines) {
      if (before) expect(line, where).not.toMatch(before);
      if (language !== 'pl') continue;
      for (const match of line.matchAll(/(?<!\p{L})(\p{L}+)\s+\{(who\w*)\}/gu)) {
        const allowed = PL_CASES_AFTER[match[1]!.toLowerCase()];
        if (allowed) expect(allowed, `${where}: ${line}`).toContain(match[2]);
      }
    }
  });
});
