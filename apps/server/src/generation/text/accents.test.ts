import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../writer/composer';
import { loadSituationCorpus } from '../writer/situation-corpus';
import { loadCuratedTexts, stringsOf } from '../writer/corpus-file';
import { accentVocabulary, restoreAccents } from './accents';

const contentDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../content');

const vocabularyOf = async (language: 'es' | 'pl') =>
  accentVocabulary([
    ...stringsOf([await loadCorpus(contentDir, language), await loadSituationCorpus(contentDir, language)]),
    ...(await loadCuratedTexts(contentDir, language)),
  ]);

describe('the marks a person left out', () => {
  it('are put back where the vocabulary knows a word only with them, keeping its case', () => {
    const vocabulary = accentVocabulary(['Mi corazón está en paz.', 'Esta noche y está aquí.', 'Zmęczona jestem, mój Panie.']);
    expect(restoreAccents('mi corazon', vocabulary)).toBe('mi corazón');
    expect(restoreAccents('Corazon. CORAZON', vocabulary)).toBe('Corazón. CORAZÓN');
    // Written both ways by careful writers: left as typed.
    expect(restoreAccents('esta noche', vocabulary)).toBe('esta noche');
    expect(restoreAccents('zmeczona jestem, moj tata', vocabulary)).toBe('zmęczona jestem, mój tata');
    // A word typed with its own marks is as its writer meant it, and names stay as written.
    expect(restoreAccents('mój corazon', vocabulary, ['Corazon'])).toBe('mój corazon');
  });

  it('are given back to what people type in Spanish and Polish, from what Selah itself says', async () => {
    const es = await vocabularyOf('es');
    expect(restoreAccents('mi madre esta en el hospital y tengo miedo por su corazon, que la operacion salga bien', es)).toBe(
      'mi madre esta en el hospital y tengo miedo por su corazón, que la operación salga bien',
    );
    const pl = await vocabularyOf('pl');
    expect(restoreAccents('to zmeczenie mnie przygniata, moj tata jest w szpitalu i boje sie o jego zdrowie', pl)).toBe(
      'to zmęczenie mnie przygniata, mój tata jest w szpitalu i boje się o jego zdrowie',
    );
    // A case ending is not guessed: "kwalifikacyjna" is a word as much as "kwalifikacyjną".
    expect(restoreAccents('rozmowa kwalifikacyjna jutro, zdrowa coreczka', pl)).toMatch(/^rozmowa kwalifikacyjna jutro, zdrowa /);
  });
});
