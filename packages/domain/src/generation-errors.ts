/**
 * What a failed prayer or personalized journey stores as its `error`: a code for people's messages (the web
 * translates it), never the internal error, which goes to the server's log only. Zod-free: the web reads it in
 * the library and the journey screens without loading zod (records.ts re-exports it).
 */
export const GENERATION_ERRORS = ['GENERATION_FAILED', 'GENERATION_TIMED_OUT'] as const;
export type GenerationError = (typeof GENERATION_ERRORS)[number];

/**
 * Which message a stored `error` gets: a known code as it is; null, an unknown code, or an old internal message
 * (stored before the codes) counts as GENERATION_FAILED, so a raw error never reaches the screen.
 */
export function generationErrorOf(stored: string | null | undefined): GenerationError {
  return (GENERATION_ERRORS as readonly string[]).includes(stored ?? '') ? (stored as GenerationError) : 'GENERATION_FAILED';
}
