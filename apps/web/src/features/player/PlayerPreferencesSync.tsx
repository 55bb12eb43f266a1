import { usePlayerPreferencesSync } from './preferences';

/** Mounted once inside AudioProvider: the person's remembered player settings, applied (renders nothing). */
export function PlayerPreferencesSync() {
  usePlayerPreferencesSync();
  return null;
}
