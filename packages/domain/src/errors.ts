import { z } from 'zod';

/** The JSON error body of every API failure: { "error": { "code", "message" } }. */
export const apiErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** Codes the web app maps to the spec's messages. */
export const ERROR_CODES = {
  validation: 'VALIDATION_ERROR',
  unauthorized: 'UNAUTHORIZED',
  notFound: 'NOT_FOUND',
  rateLimited: 'RATE_LIMITED',
  passwordRequired: 'PASSWORD_REQUIRED',
  invalidPassword: 'INVALID_PASSWORD',
  sessionExpired: 'SESSION_EXPIRED',
  internal: 'INTERNAL_ERROR',
} as const;
