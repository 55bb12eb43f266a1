import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '@selah/domain/languages';
import { describe, expect, it } from 'vitest';
import { createChatVocabulary, unkindPattern } from './chat-vocabulary';
import { stringsOf } from './corpus-file';

const contentDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../content');

describe('the words a chat answer is checked with', () => {
  it('matches a word or a phrase whole, and a stem in every word it begins, in any case', () => {
    const pattern = unkindPattern(['damn', 'go to hell', 'kurw*']);
    expect(pattern.exec('Oh DAMN.')?.[0]).toBe('DAMN');
    expect(pattern.test('They said: go   to hell.')).toBe(true);
    expect(pattern.exec('Ta kurwica')?.[0]).toBe('kurwica');
    expect(pattern.test('the damnation of the proud; hell is near; go to Hellas')).toBe(false);
    expect(pattern.test('skurwiel')).toBe(false);
  });

  it('never matches a line Selah itself says: prayers, journeys, affirmations, the writers’ corpora, the app', async () => {
    const vocabularies = await Promise.all(LANGUAGES.map((language) => createChatVocabulary(contentDir).of(language)));
    const files = (await readdir(contentDir, { recursive: true }))
      .filter((file) => file.endsWith('.json'))
      // The understanding's examples are what people write (a curse among them); the checks are the list itself.
      .filter((file) => !file.startsWith('understanding') && !file.startsWith('checks'));
    expect(files.length).toBeGreaterThan(100);
    const matches: string[] = [];
    for (const file of files) {
      const strings = stringsOf(JSON.parse(await readFile(path.join(contentDir, file), 'utf8')));
      for (const text of strings) {
        for (const vocabulary of vocabularies) {
          const found = vocabulary.unkind(text);
          if (found) matches.push(`${file}: "${found}" in ${text.slice(0, 80)}`);
        }
      }
    }
    expect(matches).toEqual([]);
  });

  it('gives every form of a relation word', async () => {
    const pl = await createChatVocabulary(contentDir).of('pl');
    expect(pl.relationWords('mother-in-law')).toEqual(expect.arrayContaining(['teściowa', 'teściowej']));
    const es = await createChatVocabulary(contentDir).of('es');
    expect(es.relationWords('mother')).toEqual(expect.arrayContaining(['madre', 'mamá']));
  });
});
