import type { PrayerRequest, PrayerWriter, WrittenPrayer } from './writer';

/**
 * Writes with `primary` and, when it fails in any way, with `fallback` (the built-in composer), so that a person
 * always gets a prayer. `onFallback` hears each primary failure (the caller logs it); a fallback failure is
 * thrown as is.
 */
export function withFallback(primary: PrayerWriter, fallback: PrayerWriter, onFallback: (error: unknown) => void): PrayerWriter {
  return {
    name: `${primary.name}|${fallback.name}`,
    async write(request: PrayerRequest): Promise<WrittenPrayer> {
      try {
        return await primary.write(request);
      } catch (error) {
        onFallback(error);
        return fallback.write(request);
      }
    },
  };
}
