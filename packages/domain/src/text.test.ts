import { describe, expect, it } from 'vitest';
import { inSentence, splitIntoLines, truncateWords } from './text';

describe('splitIntoLines', () => {
  it('splits at sentence punctuation and keeps it', () => {
    expect(splitIntoLines('Lord, hear me. Are you near? Yes! Be still; know.')).toEqual([
      'Lord, hear me.',
      'Are you near?',
      'Yes!',
      'Be still;',
      'know.',
    ]);
  });
  it('splits at paragraph breaks', () => {
    expect(splitIntoLines('Dear Lord\n\nThank you for today\r\n\r\n  Amen')).toEqual(['Dear Lord', 'Thank you for today', 'Amen']);
  });
  it('treats a single line break as a space', () => {
    expect(splitIntoLines('Guide my steps\nand my heart. Amen.')).toEqual(['Guide my steps and my heart.', 'Amen.']);
  });
  it('keeps runs of punctuation and closing quotes with their sentence', () => {
    expect(splitIntoLines('Really?! He said “Peace.” Wait... then rest.')).toEqual([
      'Really?!',
      'He said “Peace.”',
      'Wait...',
      'then rest.',
    ]);
  });
  it('does not split inside numbers or abbreviations without a space', () => {
    expect(splitIntoLines('Psalm 23:1 is 3.5 lines long. Amen.')).toEqual(['Psalm 23:1 is 3.5 lines long.', 'Amen.']);
  });
  it('trims and drops empty lines', () => {
    expect(splitIntoLines('   Hello there.    \n\n\n   \n  Amen.  ')).toEqual(['Hello there.', 'Amen.']);
    expect(splitIntoLines('')).toEqual([]);
    expect(splitIntoLines('  \n\n ')).toEqual([]);
  });
  it('keeps text without punctuation as one line', () => {
    expect(splitIntoLines('peace be with you')).toEqual(['peace be with you']);
  });
});

describe('truncateWords', () => {
  const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i + 1}`).join(' ');

  it('leaves texts of up to 25 words alone', () => {
    expect(truncateWords(words(25), 25)).toBe(words(25));
    expect(truncateWords('Short text.', 25)).toBe('Short text.');
  });
  it('cuts longer texts to 25 words plus an ellipsis', () => {
    expect(truncateWords(words(26), 25)).toBe(`${words(25)}…`);
    expect(truncateWords(words(40))).toBe(`${words(25)}…`);
  });
  it('counts words across any whitespace', () => {
    expect(truncateWords('one  two\nthree\tfour', 3)).toBe('one two three…');
  });
});

describe('inSentence', () => {
  it('starts small when the first word is capitalised only for coming first', () => {
    expect(inSentence('My grandmother Rosa', 'en')).toBe('my grandmother Rosa');
    expect(inSentence('The Kowalski family', 'en')).toBe('the Kowalski family');
    expect(inSentence('Mi abuela Carmen y mi tío Luis', 'es')).toBe('mi abuela Carmen y mi tío Luis');
    expect(inSentence('Moja babcia Helena', 'pl')).toBe('moja babcia Helena');
    expect(inSentence('Mojego dziadka Józefa', 'pl')).toBe('mojego dziadka Józefa');
  });

  it('knows English openers in every language', () => {
    expect(inSentence('My mother', 'pl')).toBe('my mother');
    expect(inSentence('My mother', 'es')).toBe('my mother');
  });

  it('keeps names, capitals and anything else as written', () => {
    expect(inSentence('Rosa', 'en')).toBe('Rosa');
    expect(inSentence('Grandma Rosa', 'en')).toBe('Grandma Rosa');
    expect(inSentence('MY GRANDMOTHER', 'en')).toBe('MY GRANDMOTHER');
    expect(inSentence('my grandmother Rosa', 'en')).toBe('my grandmother Rosa');
    expect(inSentence('Mia and Jan', 'en')).toBe('Mia and Jan');
    expect(inSentence('Babcia Helena', 'pl')).toBe('Babcia Helena');
    expect(inSentence('', 'en')).toBe('');
    expect(inSentence('„Moja” babcia', 'pl')).toBe('„Moja” babcia');
  });
});
