import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, type Language } from '@selah/domain/languages';
import { EXPERIENCES } from '@selah/domain/records';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeFor } from '../../testing/write-prayer';
import { CONCERNS, plannedSituation, type Concern } from '../understanding/situation';
import { createUnderstanding } from '../understanding/understand';
import { loadSituationCorpus, type SituationCorpus } from './situation-corpus';
import { loadPlans, type Plans } from './situation-plans';

/**
 * What a person is anxious about within their situation (issue 46, item 3): the understanding reads it, and the
 * prayer asks for it in its own words instead of reading a long text back.
 */
const contentDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../content');
const understanding = createUnderstanding({ contentDir });

/** Texts as people write them, each with a concern it must be read to hold. */
const TEXTS: Record<Language, Array<[string, Concern]>> = {
  en: [
    ['my mom is in hospice and she is in so much pain, please let her go gently', 'pain'],
    ["lost my job today and I can't sleep, I keep thinking about how we will pay the mortgage", 'sleep'],
    ["lost my job today and I can't sleep, I keep thinking about how we will pay the mortgage", 'home-money'],
    ["got laid off and I don't know what to tell my kids", 'children'],
    ['waiting on the biopsy results for my sister Ana, we hear on thursday', 'results'],
    ['my grandpa died last night and I never got to say goodbye', 'goodbye'],
    ['I had a miscarriage at 10 weeks and I feel so empty', 'pregnancy-loss'],
    ["caring for my dad with dementia and I'm running on empty", 'exhaustion'],
    ['my brother is in the hospital back home and I live abroad, I feel so helpless', 'distance'],
    ['so angry at my ex for what he did to our family', 'anger'],
    ['dad has surgery tomorrow, please guide the surgeons hands', 'doctors'],
    ["Job interview tomorrow at 9am and I'm scared I'll freeze up again like last time", 'nerves'],
    ['my husband hits me when he drinks and I am scared to go home tonight', 'safety'],
    ['found out my wife has been having an affair for a year, I feel so stupid', 'betrayal'],
    ['we finally brought our adopted daughter home today after three years of paperwork', 'adoption'],
    ['my dog Max died this morning, he was 14 and my best friend', 'pet'],
  ],
  es: [
    ['mi papá está en cuidados paliativos y tiene mucho dolor, que no sufra más', 'pain'],
    ['me quedé sin trabajo y no puedo dormir pensando en cómo vamos a pagar la hipoteca', 'sleep'],
    ['me quedé sin trabajo y no puedo dormir pensando en cómo vamos a pagar la hipoteca', 'home-money'],
    ['mañana le dan los resultados de la biopsia a mi hermana Lucía', 'results'],
    ['se murió mi abuela y no pude despedirme de ella', 'goodbye'],
    ['tuve un aborto espontáneo a las 9 semanas y me siento vacía', 'pregnancy-loss'],
    ['cuido a mi mamá con alzheimer y ya no puedo más, estoy agotada', 'exhaustion'],
    ['tengo mucha rabia con mi ex por lo que le hizo a nuestra familia', 'anger'],
    ['mañana tengo la entrevista de trabajo y me da miedo quedarme en blanco otra vez', 'nerves'],
    ['mi esposo me pega cuando bebe y tengo miedo de volver a casa', 'safety'],
    ['descubrí que mi marido me engaña con otra mujer desde hace meses', 'betrayal'],
    ['hoy nos entregaron a nuestro hijo adoptivo, llevábamos años esperándolo', 'adoption'],
    ['se murió mi perrita Luna, estuvo conmigo doce años', 'pet'],
  ],
  pl: [
    ['tata jest w hospicjum i bardzo cierpi, prosze zeby juz sie nie meczyl', 'pain'],
    ['stracilem prace i nie moge spac, nie wiem jak splacimy kredyt', 'sleep'],
    ['stracilem prace i nie moge spac, nie wiem jak splacimy kredyt', 'home-money'],
    ['czekamy na wyniki biopsji mamy, mają być w czwartek', 'results'],
    ['babcia zmarła a ja nie zdążyłam się z nią pożegnać', 'goodbye'],
    ['poroniłam w 10 tygodniu i czuję taką pustkę', 'pregnancy-loss'],
    ['opiekuję się tatą po udarze i jestem wykończona, nie mam już siły', 'exhaustion'],
    ['jestem wściekła na męża za to co zrobił', 'anger'],
    ['jutro rozmowa o prace, strasznie sie stresuje ze znowu bede mial pustke w glowie', 'nerves'],
    ['mąż mnie bije jak wypije i boję się wracać do domu', 'safety'],
    ['dowiedziałam się, że mąż ma romans od roku, czuję się taka głupia', 'betrayal'],
    ['dziś sąd zakończył adopcję naszej córeczki, jest już naprawdę nasza', 'adoption'],
    ['dziś rano musieliśmy uśpić naszego psa Burka, był z nami 13 lat', 'pet'],
  ],
};

/** A text with no concern in it. */
const PLAIN: Record<Language, string> = {
  en: 'thank you for a good day with my family and for the sun today',
  es: 'gracias por este día tan bonito con mi familia y por el sol',
  pl: 'dziękuję za piękny dzień z rodziną i za słońce',
};

describe.each(LANGUAGES)('concerns in %s', (language) => {
  let corpus: SituationCorpus;
  let plans: Plans;
  beforeAll(async () => {
    corpus = await loadSituationCorpus(contentDir, language);
    plans = await loadPlans(contentDir);
  });

  it('are read where a person writes them, and not where they do not', async () => {
    for (const [text, concern] of TEXTS[language]) {
      const situation = await understanding.understand({ language, description: text, focus: 'standard' });
      expect(situation.concerns, text).toContain(concern);
    }
    const plain = await understanding.understand({ language, description: PLAIN[language], focus: 'peace' });
    expect(plain.concerns).toEqual([]);
  });

  it('are asked for in the prayer’s own words, and a long text is then not read back', async () => {
    for (const [i, [text]] of TEXTS[language].entries()) {
      const situation = await understanding.understand({ language, description: text, focus: 'standard' });
      for (const experience of EXPERIENCES) {
        const { text: prayer } = await writeFor({ contentDir, language, text, situation, seed: `concerns-${language}-${i}`, experience });
        // A concern the situation's own lines do not cover is asked in a line of its own; pain only for the living.
        const asked = CONCERNS.filter((id) => corpus.concerns[id].some((line) => prayer.includes(line)));
        const thanking = ['gratitude', 'answered'].includes(plannedSituation(situation).main);
        const sayable = thanking
          ? []
          : situation.concerns.filter((id) => !(situation.departed && ['pain', 'doctors', 'results'].includes(id)));
        const uncovered = sayable.filter((id) => !plans[plannedSituation(situation).main].covers.includes(id));
        // A text whose situation and concerns were understood is said in the prayer's own words, not read back.
        if (plannedSituation(situation).main !== 'general' && sayable.length > 0) expect(prayer, text).not.toContain(text.slice(0, 40));
        if (uncovered.length > 0) expect(asked.filter((id) => uncovered.includes(id)).length, `${text}\n${prayer}`).toBeGreaterThan(0);
        expect(
          asked.every((id) => uncovered.includes(id)),
          `${text}\n${prayer}`,
        ).toBe(true);
      }
    }
  });

  it('are not asked in a thanksgiving for what has been given', async () => {
    const answered: Record<Language, string> = {
      en: 'thank you God, the biopsy results came back benign, I can finally sleep',
      es: 'gracias Dios, los resultados de la biopsia salieron bien, por fin puedo dormir',
      pl: 'dziękuję Ci Boże, wyniki biopsji są dobre, wreszcie mogę spać',
    };
    const situation = await understanding.understand({ language, description: answered[language], focus: 'standard' });
    expect(situation.concerns.length).toBeGreaterThan(0);
    const { text } = await writeFor({
      contentDir,
      language,
      text: answered[language],
      situation: { ...situation, main: 'answered', certainty: 1 },
      seed: `thanks-${language}`,
    });
    expect(CONCERNS.filter((id) => corpus.concerns[id].some((line) => text.includes(line)))).toEqual([]);
  });

  it('of safety and betrayal are never assumed of a couple after one quarrel', async () => {
    const quarrel: Record<Language, string> = {
      en: 'my husband and I had a huge fight last night and we are not speaking, please help our marriage',
      es: 'anoche tuve una pelea muy fuerte con mi esposo y no nos hablamos, ayuda a nuestro matrimonio',
      pl: 'wczoraj strasznie pokłóciłam się z mężem i teraz ze sobą nie rozmawiamy, pomóż naszemu małżeństwu',
    };
    const read = await understanding.understand({ language, description: quarrel[language], focus: 'relationships' });
    expect(['marriage', 'conflict']).toContain(read.main);
    expect(read.concerns).not.toContain('safety');
    expect(read.concerns).not.toContain('betrayal');
    // Prayed for as a marriage (where such lines were once drawn), whatever it was read as.
    const situation = { ...read, main: 'marriage' as const };
    const assumed = [...corpus.concerns.safety, ...corpus.concerns.betrayal];
    for (let seed = 0; seed < 40; seed++) {
      for (const experience of EXPERIENCES) {
        const { text } = await writeFor({ contentDir, language, text: quarrel[language], situation, seed: `quarrel-${seed}`, experience });
        expect(
          assumed.filter((line) => text.includes(line)),
          text,
        ).toEqual([]);
      }
    }
  });

  it('of an adoption keep a birth’s labour and midwives out of the prayer', async () => {
    const adopted: Record<Language, string> = {
      en: 'Our adoption of little Noah was finalized today. He is ours, thank you Lord',
      es: 'Hoy se completó la adopción de nuestra pequeña Lucía, gracias Señor',
      pl: 'Dziś zakończyła się adopcja naszego synka Stasia, dziękujemy Ci Panie',
    };
    const read = await understanding.understand({ language, description: adopted[language], focus: 'standard' });
    expect(read.concerns).toContain('adoption');
    const situation = { ...read, main: 'birth' as const, certainty: 1 };
    const labour = corpus.situations.birth.never.adoption ?? [];
    expect(labour.length).toBeGreaterThan(0);
    for (let seed = 0; seed < 40; seed++) {
      for (const experience of EXPERIENCES) {
        const { text } = await writeFor({ contentDir, language, text: adopted[language], situation, seed: `adopted-${seed}`, experience });
        expect(
          labour.filter((line) => text.includes(line)),
          text,
        ).toEqual([]);
      }
    }
  });

  it('of a pet that died keep a funeral’s arrangements and chaplains out of the prayer', async () => {
    const [text] = TEXTS[language].find(([, concern]) => concern === 'pet')!;
    const read = await understanding.understand({ language, description: text, focus: 'standard' });
    expect(read.main).toBe('death');
    const funeral = corpus.situations.death.never.pet ?? [];
    expect(funeral.length).toBeGreaterThan(0);
    for (let seed = 0; seed < 40; seed++) {
      const { text: prayer } = await writeFor({ contentDir, language, text, situation: read, seed: `pet-${seed}` });
      expect(
        funeral.filter((line) => prayer.includes(line)),
        prayer,
      ).toEqual([]);
      expect(corpus.concerns.pet.some((line) => prayer.includes(line))).toBe(true);
    }
  });

  it('have lines for every concern', () => {
    for (const id of CONCERNS) expect(corpus.concerns[id].length).toBeGreaterThanOrEqual(3);
  });
});
