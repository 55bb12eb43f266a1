/**
 * The rules of fixed journeys without the API shapes (journey-schemas.ts; journeys.ts re-exports both): what
 * the web app needs on the dashboard without loading zod.
 */
import type { Language } from './languages';
import { truncateWords } from './text';
import type { JourneyProgress, Progress, ProgressStats } from './journey-schemas';

export type {
  BibleVerse,
  JourneyDay,
  JourneyDetail,
  JourneyProgress,
  JourneySummary,
  Progress,
  ProgressAction,
  ProgressStats,
} from './journey-schemas';

/** Fixed journey: the completion modal opens at 92% of the day's audio (spec section 9). */
export const FIXED_COMPLETION_THRESHOLD = 0.92;
// What a day's player shows (in player.ts, which the web's first screen loads without these rules).
export { DEFAULT_DAY_MINUTES, dayDurationSeconds } from './player';
/** Dashboard: at most 3 journey cards (spec section 9). */
export const MAX_JOURNEY_CARDS = 3;
/** A journey without an order sorts last (spec section 9). */
export const JOURNEY_ORDER_DEFAULT = 999;
/** Journey error messages are cleared after 5 s (spec section 8). */
export const ERROR_DISPLAY_MS = 5000;
/** Reflection and Prayer Focus collapse to 25 words plus an ellipsis (spec section 9). */
export const PREVIEW_WORDS = 25;
/** One day as elapsed time (24 h; days are counted in elapsed time, not calendar days). */
export const DAY_MS = 24 * 60 * 60 * 1000;

// ---- small helpers ----

/** The progress record's key, as the spec keys it. */
export function progressId(userId: string, journeyId: string): string {
  return `${userId}_${journeyId}`;
}

/** A whole day number within 1..totalDays. */
export function isValidDayNumber(day: number, totalDays: number): boolean {
  return Number.isInteger(day) && day >= 1 && day <= totalDays;
}

/**
 * A day id or number from a route (spec section 5: ids are parsed as integers), read as JavaScript's parseInt
 * reads it in base 10: '7' -> 7, '01' -> 1, '1.9' -> 1, ' 2' -> 2, '3abc' -> 3. No day number -> null: '0',
 * '-1', '0x10' (0), '', 'abc', '.5' and unsafe integers.
 */
export function parseJourneyRouteId(value: string): number | null {
  const number = Number.parseInt(value, 10);
  return Number.isSafeInteger(number) && number >= 1 ? number : null;
}

/** Reflection and Prayer Focus preview: more than `words` words collapse to `words` plus an ellipsis (…). */
export function previewText(text: string, words = PREVIEW_WORDS): string {
  return truncateWords(text, words);
}

/** True once playback (fraction 0..1; 1 when the audio ended) reaches the threshold of a day not yet completed. */
export function shouldOfferCompletion(fraction: number, threshold: number, alreadyCompleted: boolean): boolean {
  return !alreadyCompleted && fraction >= threshold;
}

function assertDay(day: number): void {
  if (!Number.isInteger(day) || day < 1) throw new RangeError(`Invalid journey day: ${day}`);
}

function withChanges(progress: JourneyProgress, changes: Partial<JourneyProgress>, now: Date): JourneyProgress {
  const changed = (Object.keys(changes) as (keyof JourneyProgress)[]).some((key) => {
    const next = changes[key];
    const current = progress[key];
    return Array.isArray(next) && Array.isArray(current)
      ? next.length !== current.length || next.some((value, i) => value !== current[i])
      : next !== current;
  });
  return changed ? { ...progress, ...changes, updatedAt: now.toISOString() } : progress;
}

// ---- transitions (spec section 4, Fixed journey progress) ----

/**
 * Not started -> started: currentDay 1, no completed days, active. Starting again when progress exists
 * changes nothing (a paused journey is resumed with `reactivate`, not `start`).
 */
export function startProgress(
  existing: JourneyProgress | null,
  init: { userId: string; journeyId: string; language: Language },
  now: Date,
): JourneyProgress {
  if (existing) return existing;
  const at = now.toISOString();
  return {
    userId: init.userId,
    journeyId: init.journeyId,
    language: init.language,
    completedDays: [],
    currentDay: 1,
    lastCompletedDay: 0,
    lastPlayedAt: null,
    lastPlayedDay: null,
    audioProgress: 0,
    startedAt: at,
    updatedAt: at,
    isActive: true,
  };
}

/**
 * Completing day n adds n to completedDays (kept sorted and unique), sets currentDay to n+1 and
 * lastCompletedDay to n. Completing a day that is already completed changes nothing. isActive is not touched.
 * Throws RangeError unless day is a positive integer; the caller checks `isValidDayNumber(day, totalDays)`
 * (and `isDayUnlocked`) first, so currentDay never goes beyond totalDays + 1.
 */
export function completeDay(progress: JourneyProgress, day: number, now: Date): JourneyProgress {
  assertDay(day);
  if (progress.completedDays.includes(day)) return progress;
  const completedDays = [...new Set([...progress.completedDays, day])].sort((a, b) => a - b);
  return withChanges(progress, { completedDays, currentDay: day + 1, lastCompletedDay: day }, now);
}

/** Like `completeDay`, and audioProgress goes back to 0 (also when the day was already completed). */
export function skipDay(progress: JourneyProgress, day: number, now: Date): JourneyProgress {
  return withChanges(completeDay(progress, day, now), { audioProgress: 0 }, now);
}

/** Clears completedDays, currentDay 1, lastCompletedDay 0, active. startedAt and the last playback stay. */
export function resetProgress(progress: JourneyProgress, now: Date): JourneyProgress {
  return withChanges(progress, { completedDays: [], currentDay: 1, lastCompletedDay: 0, isActive: true }, now);
}

/** Pauses the journey. */
export function deactivate(progress: JourneyProgress, now: Date): JourneyProgress {
  return withChanges(progress, { isActive: false }, now);
}

/** Resumes a paused journey (it goes on at its current day). */
export function reactivate(progress: JourneyProgress, now: Date): JourneyProgress {
  return withChanges(progress, { isActive: true }, now);
}

/**
 * Remembers where the user is listening: lastPlayedDay, lastPlayedAt = now and audioProgress (clamped to
 * 0..1; NaN counts as 0). It never completes a day: the client opens the completion modal at the threshold.
 */
export function recordPlayback(progress: JourneyProgress, day: number, audioProgress: number, now: Date): JourneyProgress {
  assertDay(day);
  const fraction = Number.isNaN(audioProgress) ? 0 : Math.min(1, Math.max(0, audioProgress));
  return { ...progress, lastPlayedDay: day, lastPlayedAt: now.toISOString(), audioProgress: fraction, updatedAt: now.toISOString() };
}

// ---- unlocking and stats ----

/** Day 1 is always unlocked; day n when day n-1 is completed or the override flag is set. Not a day -> false. */
export function isDayUnlocked(day: number, completedDays: readonly number[], override = false): boolean {
  if (!Number.isInteger(day) || day < 1) return false;
  return day === 1 || override || completedDays.includes(day - 1);
}

/** The first day of 1..totalDays that is not completed and is unlocked; null when every day is completed. */
export function nextAvailableDay(totalDays: number, completedDays: readonly number[]): number | null {
  for (let day = 1; day <= totalDays; day += 1) {
    if (!completedDays.includes(day) && isDayUnlocked(day, completedDays)) return day;
  }
  return null;
}

/** Distinct completed days within 1..totalDays (stray numbers outside the journey do not count). */
function countCompleted(completedDays: readonly number[], totalDays: number): number {
  return new Set(completedDays.filter((day) => isValidDayNumber(day, totalDays))).size;
}

/**
 * The derived stats (spec section 3). Without progress: nothing completed, nextDay 1, not completed.
 * Completed when the count of completed days is at least totalDays (and totalDays > 0).
 * completionPercentage is rounded to an integer but is 100 only when completed.
 */
export function progressStats(progress: JourneyProgress | null, totalDays: number, now: Date): ProgressStats {
  const total = Math.max(0, Math.floor(totalDays));
  const completedDays = progress?.completedDays ?? [];
  const completedCount = countCompleted(completedDays, total);
  const isCompleted = progress !== null && total > 0 && completedCount >= total;
  const percentage = total > 0 ? Math.round((completedCount / total) * 100) : 0;
  const elapsed = progress ? now.getTime() - Date.parse(progress.startedAt) : 0;
  return {
    completionPercentage: isCompleted ? 100 : Math.min(99, percentage),
    isCompleted,
    nextDay: isCompleted ? null : nextAvailableDay(total, completedDays),
    daysSinceStart: Number.isFinite(elapsed) && elapsed > 0 ? Math.floor(elapsed / DAY_MS) : 0,
    completedCount,
    totalDays: total,
    remainingDays: Math.max(0, total - completedCount),
  };
}

/** The progress as the API returns it. */
export function toProgressResponse(progress: JourneyProgress, totalDays: number, now: Date): Progress {
  return { id: progressId(progress.userId, progress.journeyId), ...progress, stats: progressStats(progress, totalDays, now) };
}

// ---- plan page and cards ----

/** A row of the plan page's day list. 'current' is the next available day. */
export type JourneyDayState = 'completed' | 'current' | 'unlocked' | 'locked';

export function journeyDayState(day: number, totalDays: number, completedDays: readonly number[], override = false): JourneyDayState {
  if (completedDays.includes(day)) return 'completed';
  if (day === nextAvailableDay(totalDays, completedDays)) return 'current';
  return isDayUnlocked(day, completedDays, override) ? 'unlocked' : 'locked';
}

export const JOURNEY_CARD_STATES = ['new', 'in_progress', 'paused', 'completed'] as const;
export type JourneyCardState = (typeof JOURNEY_CARD_STATES)[number];
export type JourneyCardAction = 'start' | 'continue' | 'resume' | 'replay';

/** new: no progress; completed: every day done (also when paused); paused: not active; else in progress. */
export function journeyCardState(progress: JourneyProgress | null, totalDays: number): JourneyCardState {
  if (!progress) return 'new';
  if (totalDays > 0 && countCompleted(progress.completedDays, totalDays) >= totalDays) return 'completed';
  return progress.isActive ? 'in_progress' : 'paused';
}

/** The card's button: Start, Continue, Resume or Replay. */
export function journeyCardAction(state: JourneyCardState): JourneyCardAction {
  switch (state) {
    case 'new':
      return 'start';
    case 'in_progress':
      return 'continue';
    case 'paused':
      return 'resume';
    case 'completed':
      return 'replay';
  }
}

/**
 * The day a card's button opens: day 1 to start or replay; otherwise the current day (a paused journey
 * resumes at its current day), kept within 1..totalDays.
 */
export function journeyTargetDay(progress: JourneyProgress | null, totalDays: number): number {
  const state = journeyCardState(progress, totalDays);
  if (!progress || state === 'new' || state === 'completed') return 1;
  return Math.min(Math.max(1, progress.currentDay), Math.max(1, totalDays));
}
