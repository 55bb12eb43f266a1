import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { bearer } from 'better-auth/plugins/bearer';
import { ERROR_CODES } from '@selah/domain/error-codes';
import type { FastifyBaseLogger } from 'fastify';
import { toLanguage } from '@selah/domain/languages';
import type { AppConfig } from '../../platform/config';
import type { Database } from '../../platform/db/client';
import { account, session, user, verification } from '../../platform/db/schema';
import type { Mailer } from '../../platform/mailer';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@selah/domain/passwords';
import { passwordHasher } from './password-hash';
import { passwordResetEmail } from './reset-email';
import { APPLE_ISSUER, createIdTokenVerifier, GOOGLE_ISSUERS, type IdTokenVerifier } from './id-token';

/** What happens around sign-up and sign-in, owned by other modules and handed in by app.ts. */
export interface AuthLifecycle {
  /** After a user row exists: create the profile row, claim waiting records (register). */
  onUserCreated(input: { userId: string; email: string; name: string; language: string }): Promise<void>;
  /** After every new session: lastLoginAt, claims (login). */
  onSessionCreated(input: { userId: string; isRegistration: boolean }): Promise<void>;
  /** Before the user row is deleted: media and anything not removed by cascades. */
  onUserDeleting(userId: string): Promise<void>;
}

export const UI_LANGUAGE_HEADER = 'x-selah-language';

/** Requests that created a user: their new session is a registration, whose claims already ran (50, not 10 more). */
const registeringRequests = new WeakSet<object>();

export function createAuth(options: {
  config: AppConfig;
  db: Database;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  lifecycle: AuthLifecycle;
}) {
  const { config, db, mailer, logger, lifecycle } = options;

  const socialProviders: Parameters<typeof betterAuth>[0]['socialProviders'] = {};
  // The native app's id tokens (id-token.ts): Android's Google tokens are for the web client, iOS's for its own.
  if (config.google) {
    const google = createIdTokenVerifier({
      jwksUrl: config.google.jwksUrl,
      issuers: GOOGLE_ISSUERS,
      audiences: [config.google.clientId, config.google.iosClientId ?? ''],
      nonce: 'as-given',
    });
    socialProviders.google = {
      clientId: config.google.clientId,
      clientSecret: config.google.clientSecret,
      scope: ['profile', 'email'],
      prompt: 'select_account',
      verifyIdToken: google.verify,
    };
  }
  let apple: IdTokenVerifier | undefined;
  if (config.apple) {
    apple = createIdTokenVerifier({
      jwksUrl: config.apple.jwksUrl,
      issuers: [APPLE_ISSUER],
      audiences: [config.apple.appBundleIdentifier ?? '', config.apple.clientId],
      nonce: 'sha256-hex',
    });
    socialProviders.apple = {
      clientId: config.apple.clientId,
      clientSecret: config.apple.clientSecret,
      ...(config.apple.appBundleIdentifier ? { appBundleIdentifier: config.apple.appBundleIdentifier } : {}),
      verifyIdToken: apple.verify,
    };
  }

  /**
   * Spec section 5: Apple sign-in in the app, for an email that already has an account with other providers and
   * nobody signed in, is refused with "Please sign in with your existing account first to link Apple
   * Sign-in." (a signed-in person links Apple with /link-social instead). Only a token that passes every check
   * is looked at, so the answer tells nothing about an email to whoever forges one.
   */
  const appleLinkRule = createAuthMiddleware(async (context) => {
    if (!apple || context.path !== '/sign-in/social') return;
    const body = context.body as { provider?: unknown; idToken?: { token?: unknown; nonce?: unknown } } | undefined;
    if (body?.provider !== 'apple' || typeof body.idToken?.token !== 'string') return;
    const nonce = typeof body.idToken.nonce === 'string' ? body.idToken.nonce : undefined;
    const claims = await apple.claims(body.idToken.token, nonce);
    if (!claims || typeof claims.email !== 'string' || typeof claims.sub !== 'string') return;
    const found = await context.context.internalAdapter.findUserByEmail(claims.email.toLowerCase(), { includeAccounts: true });
    if (!found || found.accounts.some((linked) => linked.providerId === 'apple' && linked.accountId === claims.sub)) return;
    throw new APIError('CONFLICT', {
      code: ERROR_CODES.appleLinkRequiresSignIn,
      message: 'Please sign in with your existing account first to link Apple Sign-in.',
    });
  });

  return betterAuth({
    appName: 'Selah',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    // PUBLIC_URL, TRUSTED_ORIGINS and the native shell's origins, plus the address the request was sent to:
    // auth.routes.ts builds the request's URL from its own Host, so a same-origin request (the app opened at
    // 127.0.0.1 or a LAN address) is trusted, and a page elsewhere is not.
    trustedOrigins: (request) => [
      ...config.trustedOrigins,
      ...(config.apple ? ['https://appleid.apple.com'] : []),
      ...(request ? [new URL(request.url).origin] : []),
    ],
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification } }),
    emailAndPassword: {
      enabled: true,
      // auth.routes.ts checks the rules first (length, the email, common passwords) with our messages.
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      password: passwordHasher({ db, logger }),
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // Sent after the answer, not before: a known address is answered in the time an unknown one is, so the
      // answer's timing tells nobody who has an account (issue 34). A failure is logged; the person asks again.
      sendResetPassword: async ({ user: resetUser, url }) => {
        void mailer
          .send({ to: resetUser.email, ...passwordResetEmail(url), link: url })
          .catch((error: unknown) => logger.error({ err: error }, 'auth: could not send a password reset email'));
      },
    },
    socialProviders,
    account: { accountLinking: { enabled: true, trustedProviders: ['google', 'apple'] } },
    user: {
      deleteUser: {
        enabled: true,
        beforeDelete: async (deleted) => {
          await lifecycle.onUserDeleting(deleted.id);
        },
      },
    },
    session: {
      // Social-only accounts delete with a session younger than this (spec: "recent login required").
      freshAge: 60 * 60 * 24,
    },
    // @fastify/rate-limit guards the auth routes, per process and configurable.
    rateLimit: { enabled: false },
    advanced: {
      // better-auth skips its origin and redirect-URL checks when NODE_ENV is "test" or TEST is set;
      // keep them on everywhere so tests see what production does.
      disableOriginCheck: false,
      cookiePrefix: 'selah',
      // auth.routes.ts marks cookies Secure per request (https), so one server works at every address.
      useSecureCookies: false,
      // auth.routes.ts sets it to the address Fastify trusts (TRUST_PROXY), after dropping what the client sent.
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    // Only the signed token (the set-auth-token header, the cookie's whole value) is a bearer token: the value
    // stored in the session table is not enough to act as anyone (issue 34).
    plugins: [bearer({ requireSignature: true })],
    hooks: { before: appleLinkRule },
    logger: {
      log: (level, message, ...args) => {
        const log = level === 'error' ? logger.error : level === 'warn' ? logger.warn : logger.debug;
        log.call(logger, { args }, `auth: ${message}`);
      },
    },
    databaseHooks: {
      user: {
        create: {
          after: async (created, context) => {
            const language = toLanguage(context?.headers?.get(UI_LANGUAGE_HEADER) ?? context?.headers?.get('accept-language'));
            if (context) registeringRequests.add(context);
            await lifecycle.onUserCreated({ userId: created.id, email: created.email, name: created.name, language });
          },
        },
      },
      session: {
        create: {
          after: async (created, context) => {
            // Email sign-up and a first Google/Apple sign-in both create the user in this same request.
            const isRegistration = context ? registeringRequests.has(context) : false;
            await lifecycle.onSessionCreated({ userId: created.userId, isRegistration });
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
