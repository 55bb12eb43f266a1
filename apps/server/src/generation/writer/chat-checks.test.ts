import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '@selah/domain/languages';
import { EXPERIENCES } from '@selah/domain/records';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../seeded-random';
import { generalSituation } from '../understanding/situation';
import { loadHeldOut } from '../understanding/data';
import { createUnderstanding } from '../understanding/understand';
import { wordsForLength } from '../length';
import { checkAnswer, checkKindAndKept, checkLength, verifyScripture, type Mend } from './chat-checks';
import { createChatVocabulary } from './chat-vocabulary';
import { createComposer, createVerifiedScripture, loadCorpus } from './composer';
import { WriterError, type ChatReason } from './openai-chat';

const contentDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../content');
const fail = (message: string, reason: ChatReason) => new WriterError('composer', message, false, undefined, reason);

/**
 * The checks a chat answer must pass are no stricter than the writer Selah trusts: what the composer writes for
 * people's own intentions (the understanding's held-out examples) passes every one of them unchanged.
 */
describe.each(LANGUAGES)('the chat checks in %s', (language) => {
  it('pass what the composer writes for people’s own intentions, unchanged', { timeout: 120_000 }, async () => {
    const understanding = createUnderstanding({ contentDir });
    const vocabulary = await createChatVocabulary(contentDir).of(language);
    const examples = (await loadHeldOut(contentDir, language)).slice(0, 40);
    // The composer's quotations, as a chat answer declares its own.
    const passages = Object.values((await loadCorpus(contentDir, language)).passages).flat();
    const quoted = passages.map((passage) => passage.text);
    const scripture = createVerifiedScripture(contentDir);
    const failures: string[] = [];
    for (const [i, example] of examples.entries()) {
      const experience = EXPERIENCES[i % EXPERIENCES.length]!;
      const situation = await understanding.understand({ language, description: example.text, focus: 'standard' });
      const targetWords = wordsForLength({ seconds: 180, wordsPerMinute: 130, experience });
      const request = {
        language,
        experience,
        focus: 'standard' as const,
        description: example.text,
        goals: [],
        lengthMinutes: 3,
        targetWords,
        situation,
      };
      const { title, text } = await createComposer({ contentDir, random: seededRandom(`checks-${language}-${i}`) }).write(request);
      try {
        const mended = new Set<Mend>();
        const checked = checkAnswer(text, request, fail, mended, quoted);
        if (checked !== text) {
          const at = [...checked].findIndex((char, k) => char !== text[k]);
          throw new Error(
            `changed at ${at}: ${JSON.stringify(text.slice(at - 30, at + 30))} -> ${JSON.stringify(checked.slice(at - 30, at + 30))}`,
          );
        }
        const declared = passages.filter((passage) => text.includes(passage.text));
        expect(await verifyScripture(text, declared, request, scripture, fail, mended)).toBe(text);
        expect([...mended]).toEqual([]);
        checkLength(text, request, fail);
        checkKindAndKept(`${title}\n\n${text}`, request, vocabulary, fail);
      } catch (error) {
        failures.push(`${example.text} -> ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('a quotation that is not found', () => {
  it('is replaced by the verified passage for the need nearest it in length, so the prayer keeps its length', async () => {
    const short = { reference: 'Psalm 46:1', text: 'God is our refuge and strength, a very present help in trouble.' };
    const long = {
      reference: 'Psalm 121:1-4',
      text: 'I will lift up my eyes to the hills. Where does my help come from? My help comes from the Lord, who made heaven and earth. He will not allow your foot to be moved. He who keeps you will not slumber.',
    };
    const scripture = { passages: async () => ({ all: [short, long], fitting: [short, long] }) };
    const invented =
      'The Lord will carry every worry you have, and he will never let one of your plans fail, not ever, whatever happens to you, by day or by night, in every season.';
    const request = {
      language: 'en' as const,
      experience: 'prayer' as const,
      focus: 'peace' as const,
      description: '',
      goals: [],
      lengthMinutes: 3,
      targetWords: 400,
      situation: generalSituation('en', 'peace'),
    };
    const mended = new Set<Mend>();
    const text = await verifyScripture(
      `As it is written in Isaiah 99:1, ${invented}`,
      [{ reference: 'Isaiah 99:1', text: invented }],
      request,
      scripture,
      fail,
      mended,
    );
    expect(text).toBe(`As it is written in ${long.reference}, ${long.text}`);
    expect([...mended]).toEqual(['scripture-replaced']);
  });
});
