/**
 * A duration as 'h hr m min s sec' with the zero parts left out (spec: /category cards, section 5), e.g.
 * 3725 -> '1 hr 2 min 5 sec', 180 -> '3 min'. Rounds to whole seconds; zero, negative or unknown -> '0 sec'.
 */
export function formatDuration(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : 0;
  if (total === 0) return '0 sec';
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = total % 60;
  const parts: string[] = [];
  if (hours > 0) parts.push(`${hours} hr`);
  if (minutes > 0) parts.push(`${minutes} min`);
  if (secs > 0) parts.push(`${secs} sec`);
  return parts.join(' ');
}

/**
 * A journey's length in whole minutes, '15 min' (the unit formatDuration uses). Intl's short minute unit writes the
 * same in en, es and pl below a thousand, but the first Intl formatter on a page costs the dashboard about 20 ms.
 */
export function formatMinutes(minutes: number): string {
  const whole = Number.isFinite(minutes) && minutes > 0 ? Math.round(minutes) : 0;
  return `${whole} min`;
}

/** A playback clock: 'm:ss', or 'h:mm:ss' from one hour on. Unknown or negative -> '0:00'. */
export function formatClock(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${secs}` : `${minutes}:${secs}`;
}
