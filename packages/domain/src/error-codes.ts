/** Codes the web app maps to the spec's messages. */
export const ERROR_CODES = {
  validation: 'VALIDATION_ERROR',
  unauthorized: 'UNAUTHORIZED',
  notFound: 'NOT_FOUND',
  rateLimited: 'RATE_LIMITED',
  passwordRequired: 'PASSWORD_REQUIRED',
  invalidPassword: 'INVALID_PASSWORD',
  sessionExpired: 'SESSION_EXPIRED',
  limitReached: 'LIMIT_REACHED',
  conflict: 'CONFLICT',
  dayLocked: 'DAY_LOCKED',
  internal: 'INTERNAL_ERROR',
} as const;
