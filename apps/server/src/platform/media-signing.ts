import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from './clock';
import { PRIVATE_MEDIA_PREFIX } from './media';

/** A signed address is good for at least this long... */
const MIN_LIFETIME_SECONDS = 6 * 60 * 60;
/** ...and its expiry is rounded up to the hour, so the same answer (and its ETag) holds for an hour. */
const ROUND_SECONDS = 60 * 60;

export interface MediaSigner {
  /** A private media address with ?exp=&sig= added; any other address (public content) unchanged. */
  sign<T extends string | null>(url: T): T;
  /** Whether exp and sig are a valid, unexpired signature of this private address. */
  verify(ref: string, exp: number, sig: string): boolean;
}

/**
 * Short-lived signed addresses for a person's own audio. They work in an <audio> element and in the native
 * shell alike (no cookie or header needed), and stop working when they expire; the key is derived from
 * AUTH_SECRET, so every API process agrees.
 */
export function createMediaSigner(secret: string, clock: Clock): MediaSigner {
  const key = createHash('sha256').update(`selah-media-url:${secret}`).digest();
  const signatureOf = (ref: string, exp: number) => createHmac('sha256', key).update(`${ref}\n${exp}`).digest('base64url');
  return {
    sign<T extends string | null>(url: T): T {
      if (url === null || !url.startsWith(PRIVATE_MEDIA_PREFIX)) return url;
      const now = Math.floor(clock.now().getTime() / 1000);
      const exp = Math.ceil((now + MIN_LIFETIME_SECONDS) / ROUND_SECONDS) * ROUND_SECONDS;
      return `${url}?exp=${exp}&sig=${signatureOf(url, exp)}` as T;
    },
    verify(ref, exp, sig) {
      if (!Number.isSafeInteger(exp) || exp * 1000 <= clock.now().getTime()) return false;
      const expected = Buffer.from(signatureOf(ref, exp));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
