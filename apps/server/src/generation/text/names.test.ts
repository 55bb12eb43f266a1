import { describe, expect, it } from 'vitest';
import { namesIn } from './names';

describe('namesIn', () => {
  it.each([
    ['en', 'My father Adam has surgery on Friday.', ['Adam']],
    ['en', 'Please pray for Maria and her son Luke, and for our church.', ['Maria', 'Luke']],
    ['en', 'I am tired. God knows. Lord, help me with my exam in March.', []],
    ['en', 'Anna is sick.', []],
    ['es', 'Mi padre Andrés tiene una operación el viernes.', ['Andrés']],
    ['es', 'Oro por Lucía, por Dios y por la Biblia.', ['Lucía']],
    ['pl', 'Moja siostra Ola ma w piątek operację.', ['Ola']],
    ['pl', 'Mój syn Jan zdaje maturę.', ['Jan']],
    ['pl', 'Proszę o zdrowie dla Anny i spokój dla Piotra.', []],
    ['pl', 'Modlę się za mamę. Kasia ma operację.', []],
    ['pl', 'Wczoraj Kasia ma operację, a Pan Bóg czuwa.', ['Kasia']],
    // A place is not a person: never prayed for by name.
    ['en', 'I got offered the job in Denver and my wife Sarah wants to go.', ['Sarah']],
    ['en', 'Pray for my grandma Halina back in Poland, and for our trip to Guatemala.', ['Halina']],
    ['es', 'Me mudé a Madrid por el trabajo y extraño a Lucía.', ['Lucía']],
    ['es', 'Mi hijo Tomás vive en Barcelona.', ['Tomás']],
    ['es', 'El domingo bautizamos a Mateo en la parroquia de San Judas.', ['Mateo']],
    // A place of two words is a place whole, and a verb of going may stand a word away (rubric set h).
    ['es', 'Mi papá murió y no pude viajar porque estoy en Estados Unidos sin papeles.', []],
    ['en', 'My son Luke moved to New York and my daughter Amy stayed.', ['Luke', 'Amy']],
    ['es', 'Me mudé sola a Madrid hace tres meses y extraño a Sofía.', ['Sofía']],
    ['es', 'Mañana voy a ver a Andrés al hospital.', ['Andrés']],
  ] as const)('%s: %j -> %j', (language, text, names) => {
    expect(namesIn(text, language)).toEqual(names);
  });

  it('keeps at most two names', () => {
    expect(namesIn('Pray for Tom, Ann, Joe and Kim.', 'en')).toEqual(['Tom', 'Ann']);
  });
});
