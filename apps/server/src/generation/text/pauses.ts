import type { Language } from '@selah/domain/languages';
import { splitIntoParagraphs, splitIntoSentences } from './split-sentences';

/**
 * Pacing that follows the text. Writers mark the two pauses a reader would make on purpose, each on its own
 * or right after a sentence:
 * - `[silence]` after a line that invites silence: 6-10 s of quiet (the bed goes on);
 * - `[pause]` after a scripture passage, before it is read again: 2-3 s.
 * Everywhere else the gap follows the text: about 0.5-0.9 s between sentences, varying as a person's does, and a
 * longer one between paragraphs. The marks are for the voice only: stripPauseMarks gives the text people read.
 */
export const PAUSE_MARKS = { silence: '[silence]', pause: '[pause]' } as const;

export type PauseKind = 'sentence' | 'paragraph' | 'scripture' | 'silence';

/** Each kind of gap, in seconds: the shortest, the longest, and where the natural ones fall. */
export const PAUSE_RANGES: Record<PauseKind, { min: number; max: number }> = {
  sentence: { min: 0.5, max: 0.9 },
  paragraph: { min: 1.2, max: 1.8 },
  scripture: { min: 2, max: 3 },
  // At least 6.5 s, so that what a listener hears as quiet (the voice's last sound fading) is never under 6.
  silence: { min: 6.5, max: 10 },
};

/** One sentence to voice and the kind of gap that follows it ('end' after the last). */
export interface Utterance {
  text: string;
  pauseAfter: PauseKind | 'end';
}

const MARK = /\[(silence|pause)\]/gi;
const RANK: Record<PauseKind | 'end', number> = { end: 0, sentence: 1, paragraph: 2, scripture: 3, silence: 4 };
/** Of two gaps after one sentence, the longer kind wins (a mark at a paragraph's end keeps its length). */
const stronger = (a: PauseKind | 'end', b: PauseKind): PauseKind => (RANK[a] >= RANK[b] ? (a as PauseKind) : b);

/**
 * Deliberate quiet a text may ask for, at most: a writer's mistake (or a chat model told otherwise) cannot turn a
 * prayer into minutes of silence. Marks beyond these are read as paragraph breaks.
 */
export const MAX_MARKS = { silence: 2, scripture: 4 } as const;

/** The sentences of a text in reading order, each with the gap after it; marks before any sentence are dropped. */
export function parseSpokenText(text: string, language: Language): Utterance[] {
  const utterances: Utterance[] = [];
  const used = { silence: 0, scripture: 0 };
  for (const paragraph of splitIntoParagraphs(text)) {
    // Each mark ends the sentence before it: split there, so "... silence. [silence] Amen." pauses after "silence."
    const pieces = paragraph.split(/(\[(?:silence|pause)\])/i);
    for (const piece of pieces) {
      const mark = /^\[(silence|pause)\]$/i.exec(piece.trim());
      if (mark) {
        const last = utterances.at(-1);
        const kind = mark[1]!.toLowerCase() === 'silence' ? 'silence' : 'scripture';
        if (last && last.pauseAfter !== kind) {
          const allowed = used[kind] < MAX_MARKS[kind];
          if (allowed) used[kind] += 1;
          last.pauseAfter = stronger(last.pauseAfter, allowed ? kind : 'paragraph');
        }
        continue;
      }
      for (const sentence of splitIntoSentences(piece, language)) utterances.push({ text: sentence, pauseAfter: 'sentence' });
    }
    const last = utterances.at(-1);
    if (last) last.pauseAfter = stronger(last.pauseAfter, 'paragraph');
  }
  const last = utterances.at(-1);
  if (last) last.pauseAfter = 'end';
  return utterances;
}

/** The text as people read it: the marks removed, paragraphs and spacing kept tidy. */
export function stripPauseMarks(text: string): string {
  return text
    .replace(MARK, '')
    .split(/\n[^\S\n]*\n\s*/)
    .map((paragraph) =>
      paragraph
        .replace(/[^\S\n]+/g, ' ')
        .replace(/ +\n/g, '\n')
        .trim(),
    )
    .filter((paragraph) => paragraph.length > 0)
    .join('\n\n');
}

/** Whether a text carries any pause mark. */
export const hasPauseMarks = (text: string): boolean => new RegExp(MARK.source, 'i').test(text);
