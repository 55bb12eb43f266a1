import { createHash } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';

/**
 * Verifies the id tokens the native app sends after Google's or Apple's own sign-in sheet (POST
 * /api/auth/sign-in/social with `idToken`). better-auth calls `verify` in place of its own check, which fetches
 * Google's keys on every sign-in from a fixed address; here the keys come from the provider's JWKS address
 * (configurable, so tests sign tokens with their own keys), cached by jose and fetched again on an unknown kid.
 *
 * Every check is required: the signature (RS256 only), the issuer, the audience (one of our client ids), the
 * expiry and the age (at most an hour, 30 s of clock skew), and the nonce. The app makes a fresh random nonce
 * for every sign-in and sends it with the token, so a token seen elsewhere cannot be replayed without it:
 * - Google puts the nonce into the token as the app gave it;
 * - Apple is given the SHA-256 of the nonce (hex), so the token carries the hash and only the app knows the
 *   nonce itself.
 */
export interface IdTokenVerifier {
  /** The token's verified claims, or null when any check fails. */
  claims(token: string, nonce: string | undefined): Promise<JWTPayload | null>;
  /** better-auth's `verifyIdToken`: true only for a token that passes every check. */
  verify(token: string, nonce: string | undefined): Promise<boolean>;
}

export interface IdTokenProvider {
  jwksUrl: string;
  issuers: string[];
  audiences: string[];
  /** How the token's nonce claim is made from the nonce the app sends. */
  nonce: 'as-given' | 'sha256-hex';
}

export const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];
export const APPLE_ISSUER = 'https://appleid.apple.com';

const MAX_TOKEN_AGE = '1h';
const CLOCK_TOLERANCE_SECONDS = 30;
/** A nonce is a random string the app makes: 16 to 256 URL-safe characters. */
const NONCE = /^[A-Za-z0-9_.~-]{16,256}$/;
/** A JWT is three base64url parts; anything longer than this is not one we would accept. */
const MAX_TOKEN_LENGTH = 8192;

export const sha256Hex = (value: string): string => createHash('sha256').update(value).digest('hex');

export function createIdTokenVerifier(provider: IdTokenProvider): IdTokenVerifier {
  const keys = createRemoteJWKSet(new URL(provider.jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000 });
  const audiences = provider.audiences.filter(Boolean);

  async function claims(token: string, nonce: string | undefined): Promise<JWTPayload | null> {
    if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH || audiences.length === 0) return null;
    if (typeof nonce !== 'string' || !NONCE.test(nonce)) return null;
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: provider.issuers,
        audience: audiences,
        algorithms: ['RS256'],
        maxTokenAge: MAX_TOKEN_AGE,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['iss', 'sub', 'aud', 'exp', 'iat', 'nonce'],
      });
      const expected = provider.nonce === 'sha256-hex' ? sha256Hex(nonce) : nonce;
      return payload.nonce === expected ? payload : null;
    } catch {
      return null;
    }
  }

  return {
    claims,
    verify: async (token, nonce) => (await claims(token, nonce)) !== null,
  };
}
