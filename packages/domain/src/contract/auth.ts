import { z } from 'zod';
import { apiErrorSchema } from '../errors';
import { defineEndpoints } from './endpoint';

/**
 * Accounts and sessions: better-auth's endpoints that the apps use, each at its one spelling (every other path
 * under /api/auth is 404). better-auth checks these bodies itself; the schemas here describe them for the
 * OpenAPI document (the server registers them with `documentOnly`). A session is a cookie; the native shell,
 * and only it, also gets the token (the set-auth-token header).
 */
const user = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    image: z.string().nullable().optional(),
    emailVerified: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .loose();
const session = z.object({ id: z.string(), userId: z.string(), expiresAt: z.string() }).loose();
/** better-auth's own fields (its client reads them) and ours. */
const failure = apiErrorSchema.extend({ code: z.string(), message: z.string() });
const provider = z.enum(['google', 'apple']);
const redirect = z.object({ url: z.string().optional(), redirect: z.boolean() });
const errors = { 400: failure, 401: failure, 403: failure, 404: failure, 415: failure, 422: failure, 429: failure };
const toProvider = { 302: { description: 'To the provider’s sign-in page, or back to the app once signed in' } };

export const authEndpoints = defineEndpoints({
  'POST /api/auth/sign-up/email': {
    tag: 'auth',
    summary: 'Creates an account and signs in (password rules: at least 8 characters, not a common password, not the email)',
    body: z.object({ name: z.string(), email: z.string(), password: z.string(), callbackURL: z.string().optional() }),
    responses: { 200: z.object({ user }), ...errors },
  },
  'POST /api/auth/sign-in/email': {
    tag: 'auth',
    summary: 'Signs in with email and password (after five failures an account waits, 15 s doubling up to 15 min)',
    body: z.object({ email: z.string(), password: z.string(), rememberMe: z.boolean().optional(), callbackURL: z.string().optional() }),
    responses: { 200: redirect.extend({ user }), ...errors },
  },
  'POST /api/auth/sign-in/social': {
    tag: 'auth',
    summary: 'Starts signing in with Google or Apple: answers the provider’s address',
    body: z.object({ provider, callbackURL: z.string().optional(), errorCallbackURL: z.string().optional() }).loose(),
    responses: { 200: redirect, ...errors },
  },
  'POST /api/auth/link-social': {
    tag: 'auth',
    summary: 'Links a Google or Apple account to the signed-in account',
    body: z.object({ provider, callbackURL: z.string().optional() }).loose(),
    responses: { 200: redirect, ...errors },
  },
  'GET /api/auth/callback/:provider': {
    tag: 'auth',
    summary: 'Where Google or Apple sends the person back',
    params: z.object({ provider }),
    responses: errors,
    otherResponses: toProvider,
  },
  'POST /api/auth/callback/:provider': {
    tag: 'auth',
    summary: 'Where Apple posts the person back (a form post)',
    params: z.object({ provider }),
    responses: errors,
    otherResponses: toProvider,
  },
  'GET /api/auth/get-session': {
    tag: 'auth',
    summary: 'The current session and its user, or null',
    responses: { 200: z.object({ session, user }).nullable(), ...errors },
  },
  'POST /api/auth/sign-out': {
    tag: 'auth',
    summary: 'Ends the session',
    responses: { 200: z.object({ success: z.boolean() }), ...errors },
  },
  'POST /api/auth/request-password-reset': {
    tag: 'auth',
    summary: 'Emails a reset link (the answer is the same whether or not the address has an account)',
    body: z.object({ email: z.string(), redirectTo: z.string().optional() }),
    responses: { 200: z.object({ status: z.boolean(), message: z.string().optional() }), ...errors },
  },
  'GET /api/auth/reset-password/:token': {
    tag: 'auth',
    summary: 'The emailed link: checks the token and sends the person to the page that sets a new password',
    params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/) }),
    responses: errors,
    otherResponses: { 302: { description: 'To the reset page, with the token or an error' } },
  },
  'POST /api/auth/reset-password': {
    tag: 'auth',
    summary: 'Sets a new password with the emailed token',
    body: z.object({ newPassword: z.string(), token: z.string() }),
    responses: { 200: z.object({ status: z.boolean() }), ...errors },
  },
  'GET /api/auth/ok': {
    tag: 'auth',
    summary: 'Answers while accounts work',
    responses: { 200: z.object({ ok: z.boolean() }) },
  },
  'GET /api/auth/error': {
    tag: 'auth',
    summary: 'better-auth’s page for a failed provider sign-in',
    responses: {},
    otherResponses: { 200: { contentType: 'text/html', description: 'The error page' } },
  },
});
