import { describe, expect, it } from 'vitest';
import { splitIntoParagraphs, splitIntoSentences } from './split-sentences';

describe('splitIntoParagraphs', () => {
  it('splits at blank lines and joins the lines of a paragraph', () => {
    expect(splitIntoParagraphs('Lord, you are near.\nYou hear me.\n\n  \nAmen.\n')).toEqual(['Lord, you are near. You hear me.', 'Amen.']);
  });

  it('drops empty text', () => {
    expect(splitIntoParagraphs(' \n\n ')).toEqual([]);
  });
});

describe('splitIntoSentences', () => {
  it('splits at . ? ! ; : and an ellipsis, keeping the punctuation', () => {
    expect(splitIntoSentences('Lord, you are near. Do you hear me? I trust you! I rest; I wait: you come… Amen.')).toEqual([
      'Lord, you are near.',
      'Do you hear me?',
      'I trust you!',
      'I rest;',
      'I wait:',
      'you come…',
      'Amen.',
    ]);
  });

  it('treats a paragraph break as the end of a sentence', () => {
    expect(splitIntoSentences('Father, thank you\n\nfor this day')).toEqual(['Father, thank you', 'for this day']);
  });

  it('keeps closing quotes and brackets with their sentence', () => {
    expect(splitIntoSentences('Jesus said, “Peace be with you.” We listen.')).toEqual(['Jesus said, “Peace be with you.”', 'We listen.']);
  });

  it('keeps Bible references, decimals and times whole', () => {
    expect(splitIntoSentences('Psalm 119:105 is a lamp. It is 3.5 metres long. We met at 7:30 tonight.')).toEqual([
      'Psalm 119:105 is a lamp.',
      'It is 3.5 metres long.',
      'We met at 7:30 tonight.',
    ]);
  });

  it('keeps English abbreviations and initials inside their sentence', () => {
    expect(splitIntoSentences('We pray with St. Paul and Dr. Lee. Bread, wine, etc. are gifts. C. S. Lewis wrote this. Amen.')).toEqual([
      'We pray with St. Paul and Dr. Lee.',
      'Bread, wine, etc. are gifts.',
      'C. S. Lewis wrote this.',
      'Amen.',
    ]);
  });

  it('ends a sentence at an inner abbreviation when a capital letter follows', () => {
    expect(splitIntoSentences('We bring bread, wine, etc. Then we give thanks.')).toEqual([
      'We bring bread, wine, etc.',
      'Then we give thanks.',
    ]);
  });

  it('handles Spanish opening marks and abbreviations', () => {
    expect(splitIntoSentences('¿Dónde estás, Señor? ¡Ven pronto! La Sra. García ora con nosotros. Amén.', 'es')).toEqual([
      '¿Dónde estás, Señor?',
      '¡Ven pronto!',
      'La Sra. García ora con nosotros.',
      'Amén.',
    ]);
    expect(splitIntoSentences('«Tú eres mi pastor.» Nada me falta.', 'es')).toEqual(['«Tú eres mi pastor.»', 'Nada me falta.']);
  });

  it('handles Polish quotes and abbreviations', () => {
    expect(
      splitIntoSentences('Panie, Ty jesteś blisko. Modlę się ze św. Pawłem, m.in. za rodzinę. Mówisz: „Nie lękaj się.” Amen.', 'pl'),
    ).toEqual(['Panie, Ty jesteś blisko.', 'Modlę się ze św. Pawłem, m.in. za rodzinę.', 'Mówisz:', '„Nie lękaj się.”', 'Amen.']);
    expect(splitIntoSentences('Psalm 119,105 mówi o świetle. Ks. Jan się modli. Dziękuję itd. Amen.', 'pl')).toEqual([
      'Psalm 119,105 mówi o świetle.',
      'Ks. Jan się modli.',
      'Dziękuję itd.',
      'Amen.',
    ]);
  });

  it('drops fragments without words and returns nothing for empty text', () => {
    expect(splitIntoSentences('Amen. … !')).toEqual(['Amen.']);
    expect(splitIntoSentences('')).toEqual([]);
  });

  it('keeps text without final punctuation', () => {
    expect(splitIntoSentences('Lord, stay with me')).toEqual(['Lord, stay with me']);
  });
});
