import { describe, expect, it } from 'vitest';
import { parseSpokenText, stripPauseMarks } from './pauses';

describe('parseSpokenText', () => {
  it('gives every sentence the gap that follows it: sentence, paragraph, and nothing after the last', () => {
    expect(parseSpokenText('One. Two.\n\nThree.', 'en')).toEqual([
      { text: 'One.', pauseAfter: 'sentence' },
      { text: 'Two.', pauseAfter: 'paragraph' },
      { text: 'Three.', pauseAfter: 'end' },
    ]);
  });

  it('honours the marks after a sentence, inside a paragraph or on a line of their own', () => {
    const text = 'Be still. [silence] Now listen.\n\nThe Lord is my shepherd.\n[pause]\n\nThe Lord is my shepherd.\n\nAmen.';
    expect(parseSpokenText(text, 'en').map((u) => u.pauseAfter)).toEqual(['silence', 'paragraph', 'scripture', 'paragraph', 'end']);
  });

  it('keeps the longer gap when a mark meets a paragraph end, and drops a mark before any sentence', () => {
    expect(parseSpokenText('[silence] One. [pause]\n\n[silence]\n\nTwo.', 'es').map((u) => u.pauseAfter)).toEqual(['silence', 'end']);
    expect(parseSpokenText('Uno. [Silence] Dos.', 'es').map((u) => u.text)).toEqual(['Uno.', 'Dos.']);
  });

  it('never voices a mark, even one without a sentence after it', () => {
    const texts = parseSpokenText('Panie, jesteś blisko. [pause] [silence]', 'pl').map((u) => u.text);
    expect(texts).toEqual(['Panie, jesteś blisko.']);
  });

  it('honours at most two silences and four pauses: more marks are paragraph breaks, never minutes of quiet', () => {
    const text = Array.from({ length: 8 }, (_, i) => `Line ${i + 1}. [silence] Verse ${i + 1}. [pause]`).join(' ');
    const pauses = parseSpokenText(text, 'en').map((u) => u.pauseAfter);
    expect(pauses.filter((p) => p === 'silence')).toHaveLength(2);
    expect(pauses.filter((p) => p === 'scripture')).toHaveLength(4);
    expect(pauses.filter((p) => p === 'paragraph')).toHaveLength(9);
  });
});

describe('stripPauseMarks', () => {
  it('gives the text people read: marks gone, paragraphs and spaces tidy', () => {
    expect(stripPauseMarks('Be still. [silence] Now listen.\n\n[pause]\n\nAmen. [silence]')).toBe('Be still. Now listen.\n\nAmen.');
    expect(stripPauseMarks('No marks here.\n\nTwo paragraphs.')).toBe('No marks here.\n\nTwo paragraphs.');
  });
});
