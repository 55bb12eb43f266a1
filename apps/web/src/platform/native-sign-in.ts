/**
 * Google and Apple sign-in inside the native shell, with the platform's own sheet (@capgo/capacitor-social-login,
 * loaded on demand): the sheet answers an id token, which the server verifies (POST /api/auth/sign-in/social with
 * `idToken`, apps/server/src/modules/auth/id-token.ts). The web keeps its popup and redirect flows.
 *
 * Every sign-in has a fresh random nonce. Google puts it into the token as given (scopes profile and email);
 * Apple is given its SHA-256 (scopes email and full name), so only this app and the server, which is sent the
 * nonce itself, can match the token to this sign-in. Apple is offered in the iOS app only (Android has no Apple
 * sheet); Google wherever its client id was configured for the build.
 */
import type { SocialLoginPlugin } from '@capgo/capacitor-social-login';
import type { NativePlatform } from './shell';

export type NativeProvider = 'google' | 'apple';

/** What the server's id-token sign-in takes (better-auth's `idToken`). */
export interface NativeIdToken {
  provider: NativeProvider;
  token: string;
  nonce: string;
  accessToken?: string;
  /** Apple gives the name only at the first sign-in, and only here, not in the token. */
  user?: { name?: { firstName?: string; lastName?: string }; email?: string };
}

export type NativeSignInPlugin = Pick<SocialLoginPlugin, 'initialize' | 'login'>;

export interface NativeSignInOptions {
  platform: NativePlatform;
  googleWebClientId: string;
  googleIosClientId: string;
  /** Random bytes (crypto.getRandomValues), replaceable in tests. */
  randomBytes?: (length: number) => Uint8Array;
}

export interface NativeSignIn {
  /** Whether this provider can sign in here (configured, and Apple only on iOS). */
  offers(provider: NativeProvider): boolean;
  /** Shows the provider's sheet; the id token, or null when the person closed the sheet. */
  signIn(provider: NativeProvider): Promise<NativeIdToken | null>;
}

/** The provider refused or failed; `message` is the provider's own (the login page shows it, spec section 8). */
export class NativeSignInError extends Error {
  constructor(
    readonly provider: NativeProvider,
    message: string,
  ) {
    super(message);
    this.name = 'NativeSignInError';
  }
}

/** The sheets' ways of saying the person closed them: Google (iOS -5, Android's Credential Manager), Apple (1001). */
const CANCELLED = /cancel|error 1001\b|\b1001\b|code[=: ]*-5\b/i;

const messageOf = (error: unknown): string => {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') {
    return (error as { message: string }).message;
  }
  return String(error);
};

const base64url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

export async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const nonEmpty = (value: string | null | undefined): string | undefined => (value && value.trim() ? value.trim() : undefined);

export function createNativeSignIn(plugin: NativeSignInPlugin, options: NativeSignInOptions): NativeSignIn {
  const randomBytes = options.randomBytes ?? ((length: number) => crypto.getRandomValues(new Uint8Array(length)));
  const googleClientId = options.platform === 'ios' ? options.googleIosClientId : options.googleWebClientId;

  let initialized: Promise<void> | null = null;
  const initialize = () => {
    initialized ??= plugin
      .initialize({
        ...(googleClientId
          ? { google: { webClientId: options.googleWebClientId, iOSClientId: options.googleIosClientId, mode: 'online' as const } }
          : {}),
        ...(options.platform === 'ios' ? { apple: {} } : {}),
      })
      .catch((error: unknown) => {
        initialized = null;
        throw error;
      });
    return initialized;
  };

  const offers = (provider: NativeProvider) => (provider === 'apple' ? options.platform === 'ios' : googleClientId !== '');

  async function signIn(provider: NativeProvider): Promise<NativeIdToken | null> {
    if (!offers(provider)) throw new NativeSignInError(provider, `${provider} sign-in is not available in this app`);
    const nonce = base64url(randomBytes(32));
    try {
      await initialize();
      if (provider === 'google') {
        const { result } = await plugin.login({ provider: 'google', options: { scopes: ['profile', 'email'], nonce } });
        if (result.responseType !== 'online' || !result.idToken) throw new Error('Google gave no id token');
        return { provider, token: result.idToken, nonce, ...(result.accessToken?.token ? { accessToken: result.accessToken.token } : {}) };
      }
      const { result } = await plugin.login({ provider: 'apple', options: { scopes: ['email', 'name'], nonce: await sha256Hex(nonce) } });
      if (!result.idToken) throw new Error('Apple gave no id token');
      const firstName = nonEmpty(result.profile.givenName);
      const lastName = nonEmpty(result.profile.familyName);
      const email = nonEmpty(result.profile.email);
      return {
        provider,
        token: result.idToken,
        nonce,
        ...(result.accessToken?.token ? { accessToken: result.accessToken.token } : {}),
        ...(firstName || lastName || email
          ? { user: { ...(firstName || lastName ? { name: { firstName, lastName } } : {}), ...(email ? { email } : {}) } }
          : {}),
      };
    } catch (error) {
      const message = messageOf(error);
      if (CANCELLED.test(message)) return null;
      throw new NativeSignInError(provider, message);
    }
  }

  return { offers, signIn };
}
