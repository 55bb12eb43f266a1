export type DurationUnit = 'hours' | 'minutes' | 'seconds';
export interface DurationPart {
  unit: DurationUnit;
  value: number;
}

/**
 * The parts of a duration, hours, minutes and seconds, with the zero parts left out (spec: /category cards,
 * section 5), e.g. 3725 -> 1 h, 2 min, 5 s; 180 -> 3 min. Rounds to whole seconds; zero, negative or unknown ->
 * 0 seconds.
 */
export function durationParts(seconds: number): DurationPart[] {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : 0;
  if (total === 0) return [{ unit: 'seconds', value: 0 }];
  const parts: DurationPart[] = [];
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = total % 60;
  if (hours > 0) parts.push({ unit: 'hours', value: hours });
  if (minutes > 0) parts.push({ unit: 'minutes', value: minutes });
  if (secs > 0) parts.push({ unit: 'seconds', value: secs });
  return parts;
}

/**
 * How one part is written. The web passes its translations (es and pl write their own units); the default is
 * the spec's English 'h hr m min s sec'.
 */
export type DurationPartWriter = (part: DurationPart) => string;

const ENGLISH_UNITS: Record<DurationUnit, string> = { hours: 'hr', minutes: 'min', seconds: 'sec' };
export const writeEnglishPart: DurationPartWriter = ({ unit, value }) => `${value} ${ENGLISH_UNITS[unit]}`;

/** A duration in seconds as its parts, e.g. '1 hr 2 min 5 sec' in English; '0 sec' for nothing. */
export function formatDuration(seconds: number, write: DurationPartWriter = writeEnglishPart): string {
  return durationParts(seconds).map(write).join(' ');
}

/** A journey's length in whole minutes (rounded; negative or unknown -> 0). */
export function wholeMinutes(minutes: number): number {
  return Number.isFinite(minutes) && minutes > 0 ? Math.round(minutes) : 0;
}

/** A journey's length in whole minutes with the minutes unit formatDuration uses, '15 min' in English. */
export function formatMinutes(minutes: number, write: DurationPartWriter = writeEnglishPart): string {
  return write({ unit: 'minutes', value: wholeMinutes(minutes) });
}

/** A playback clock: 'm:ss', or 'h:mm:ss' from one hour on. Unknown or negative -> '0:00'. */
export function formatClock(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${secs}` : `${minutes}:${secs}`;
}
