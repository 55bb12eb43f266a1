import { describe, expect, it } from 'vitest';
import { sayableToGod, speakableTypedText } from './typed-text';

describe('typed text, made speakable', () => {
  it.each([
    ['pray for my mom pls, she is sick https://hospital.example.org/room?id=1', 'pray for my mom please, she is sick'],
    ['Pls help me w/ my exams tmrw', 'Please help me with my exams tomorrow'],
    // Two capitals are an acronym, not chat shorthand: "RN" is a nurse, "rn" is "right now".
    ['First shift as an RN today, so nervous rn', 'First shift as an RN today, so nervous right now'],
    ['idk what to do bc my dad lost his job', "I don't know what to do because my dad lost his job"],
    ['PLEASE GOD HEAL MY SISTER. SHE NEEDS YOU', 'Please god heal my sister. She needs you'],
    ['I am sooooo tired and pleeeease help', 'I am so tired and please help'],
    ['help help help help help me, please please', 'help me, please please'],
    ['Thank you for my family & friends, write to me at anna@example.com', 'Thank you for my family and friends, write to me at'],
    ['Peace for my work at Acme.com and the USA', 'Peace for my work at Acme and the USA'],
    ['My boss is REALLY hard on me', 'My boss is Really hard on me'],
    ['thx for everything u do', 'thanks for everything you do'],
    // Laughter and emoticons are not read aloud.
    ['exam tomorrow and i havent studied lol. pray for me haha :) <3', 'exam tomorrow and i havent studied. pray for me'],
    ['LOL my cat knocked over the candles, jk, please bless our home :D', 'my cat knocked over the candles, please bless our home'],
  ])('en: %j', (typed, spoken) => {
    expect(speakableTypedText(typed, 'en')).toBe(spoken);
  });

  it.each([
    ['ora x mi mamá q está enferma porfa', 'ora x mi mamá que está enferma por favor'],
    ['Tb por mi hno, xq no encuentra trabajo', 'También por mi hermano, porque no encuentra trabajo'],
    ['AYÚDAME CON MIS EXÁMENES DE MAÑANA', 'Ayúdame con mis exámenes de mañana'],
    ['no he estudiado ni la mitad jajaja, ayúdame xD', 'no he estudiado ni la mitad, ayúdame'],
  ])('es: %j', (typed, spoken) => {
    expect(speakableTypedText(typed, 'es')).toBe(spoken);
  });

  it.each([
    ['pls o zdrowie dla mamy, nwm co robić', 'proszę o zdrowie dla mamy, nie wiem co robić'],
    ['Za rodzinę & przyjaciół, tzn wszystkich bliskich', 'Za rodzinę i przyjaciół, to znaczy wszystkich bliskich'],
    ['MODLĘ SIĘ ZA MOJEGO BRATA', 'Modlę się za mojego brata'],
    // "ja" is a word: only laughter typed as laughter is left out.
    ['ślub za 3 tygodnie xd, ja się tak cieszę hehe ;)', 'ślub za 3 tygodnie, ja się tak cieszę'],
    ['Mój brat jest BARDZO chory, ZAŻÓŁĆ GĘŚLĄ JAŹŃ', 'Mój brat jest Bardzo chory, Zażółć Gęślą JAŹŃ'],
  ])('pl: %j', (typed, spoken) => {
    expect(speakableTypedText(typed, 'pl')).toBe(spoken);
  });

  it('leaves a text with nothing to change as it was, and an address alone as nothing', () => {
    expect(speakableTypedText('Give me patience with my children.', 'en')).toBe('Give me patience with my children.');
    expect(speakableTypedText('https://example.com', 'en')).toBe('');
  });
});

describe('typed text, said to God', () => {
  it.each([
    ['en', "Please pray for my grandson Tyler, he's 19 and in jail", "for my grandson Tyler, he's 19 and in jail"],
    ['en', 'my mom is in the hospital with covid, please pray', 'my mom is in the hospital with covid.'],
    ['en', 'dad has surgery friday. prayers needed!', 'dad has surgery friday.'],
    ['en', 'Give my sister strength, I pray.', 'Give my sister strength, I pray.'],
    ['en', 'God, please help my mom through her surgery', 'God, please help my mom through her surgery'],
    ['en', 'thank u Jesus my son came home safe', 'thank u Jesus my son came home safe'],
    ['en', 'please help me through this week God', 'please help me through this week God'],
    ['es', 'oren por mi abuela, está muy enferma', 'por mi abuela, está muy enferma'],
    ['es', 'mi papá tiene cáncer, oren por favor', 'mi papá tiene cáncer.'],
    ['es', 'gracias Dios mío porque mi esposo consiguió trabajo', 'gracias Dios mío porque mi esposo consiguió trabajo'],
    ['pl', 'Proszę o modlitwę za mamę, ma raka trzustki', 'za mamę, ma raka trzustki'],
    ['pl', 'Tata ma jutro operację, proszę o modlitwę', 'Tata ma jutro operację.'],
    ['pl', 'Boże, pomóż mojej mamie', 'Boże, pomóż mojej mamie'],
  ] as const)('%s: a request to pray is said without its request, a vocative kept: %s', (language, text, said) => {
    expect(sayableToGod(text, language)).toBe(said);
  });

  it.each([
    ['en', 'I just want to thank God for every year'],
    ['en', 'God is good, I got the job'],
    ['es', 'a veces dudo que Dios exista'],
    ['es', 'gracias a Dios mi hija está bien'],
    ['pl', 'Dziękuję Bogu za to, że córka wróciła cała'],
    ['pl', 'Nie czuję już Boga'],
  ] as const)('%s: a text that speaks of God in the third person is not said to Him: %s', (language, text) => {
    expect(sayableToGod(text, language)).toBeNull();
  });
});
