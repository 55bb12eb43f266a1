import { describe, expect, it } from 'vitest';
import { splitIntoLines, truncateWords } from './text';

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
