import { z } from 'zod';

/** The JSON error body of every API failure: { "error": { "code", "message" } }. */
export const apiErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export { ERROR_CODES } from './error-codes';
