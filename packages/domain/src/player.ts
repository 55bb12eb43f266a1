/**
 * What the player receives through navigation state (spec: /player): enough to play and show a prayer
 * without another request.
 */
export interface PlayerTrack {
  id: string;
  title: string;
  audioUrl: string;
  /** The words of the prayer (recordText or text in the spec). */
  text: string;
  /** Seconds. */
  duration: number;
  isDefault: boolean;
  /** "prayers", a category id, or a user's topic. */
  preference: string;
  slug: string | null;
  /**
   * The audio is a growing HLS playlist: the prayer is still being voiced (issue 23). Its duration is the one
   * it is being made to; seeking past what exists waits for it.
   */
  streaming?: boolean;
  /** Set when the audio belongs to a journey day: tapping the mini bar returns there. */
  journey?: { kind: 'fixed' | 'personalized'; journeyId: string; dayId: number; journeyType?: string };
}

/** One spoken line of a track, in seconds: the WebVTT cues stored beside its audio (cuesUrlOf). */
export interface Cue {
  start: number;
  end: number;
  text: string;
}

export function isPlayerTrack(value: unknown): value is PlayerTrack {
  if (typeof value !== 'object' || value === null) return false;
  const track = value as Partial<PlayerTrack>;
  return typeof track.id === 'string' && typeof track.title === 'string' && typeof track.audioUrl === 'string' && track.audioUrl.length > 0;
}

/**
 * Where a skip of `delta` seconds from `currentTime` lands (spec: skip 15 s back or forward, clamped between 0
 * and the duration). An unknown duration (0 or less) leaves only the lower bound.
 */
export function skipTarget(currentTime: number, delta: number, duration: number): number {
  const target = (Number.isFinite(currentTime) ? currentTime : 0) + (Number.isFinite(delta) ? delta : 0);
  const upper = Number.isFinite(duration) && duration > 0 ? duration : Number.POSITIVE_INFINITY;
  return Math.min(Math.max(target, 0), upper);
}

/** Playback speeds the player offers (issue 22): from 0.75x to 1.5x, remembered per person. */
export const PLAYBACK_SPEEDS = [0.75, 0.9, 1, 1.1, 1.25, 1.5] as const;
export type PlaybackSpeed = (typeof PLAYBACK_SPEEDS)[number];
export const DEFAULT_PLAYBACK_SPEED: PlaybackSpeed = 1;
export const isPlaybackSpeed = (value: unknown): value is PlaybackSpeed =>
  typeof value === 'number' && (PLAYBACK_SPEEDS as readonly number[]).includes(value);

/**
 * The sound laid under the voice in the player (issue 22). Voice files are published without a bed: the player
 * mixes the chosen one, looping, at its own volume. Selah generates all three itself (server generation/master/beds.ts).
 */
export const BACKGROUND_SOUNDS = ['none', 'pad', 'rain', 'waves'] as const;
export type BackgroundSound = (typeof BACKGROUND_SOUNDS)[number];
/** The sounds that have a file ('none' has none). */
export type BedId = Exclude<BackgroundSound, 'none'>;
export const BED_IDS: readonly BedId[] = ['pad', 'rain', 'waves'];
export const DEFAULT_BACKGROUND_SOUND: BackgroundSound = 'pad';
/** 0 to 1; at 1 a bed sits some 12 LU under the voice, so the mix stays at about -16 LUFS. */
export const DEFAULT_BACKGROUND_VOLUME = 0.6;
export const isBackgroundSound = (value: unknown): value is BackgroundSound =>
  typeof value === 'string' && (BACKGROUND_SOUNDS as readonly string[]).includes(value);

/** The sleep timer's choices, in minutes; 'end' stops at the end of the prayer (issue 22). */
export const SLEEP_TIMER_MINUTES = [5, 10, 15, 30, 45] as const;
export type SleepTimerChoice = (typeof SLEEP_TIMER_MINUTES)[number] | 'end';
/** The timer fades the voice and the bed out over this long before it pauses. */
export const SLEEP_FADE_SECONDS = 10;

/**
 * The WebVTT track of an audio file (its spoken lines with their times): stored beside the audio under the same
 * name with .vtt, so the same address, signature included, serves both (issue 22).
 */
export function cuesUrlOf(audioUrl: string): string {
  const queryAt = audioUrl.indexOf('?');
  const path = queryAt === -1 ? audioUrl : audioUrl.slice(0, queryAt);
  const query = queryAt === -1 ? '' : audioUrl.slice(queryAt);
  return `${path.replace(/\.[a-z0-9]{1,8}$/i, '')}.vtt${query}`;
}

/**
 * Where a bed file loops, in seconds (issue 22): each is a seamless minute followed by its own first seconds
 * again, so looping between these two points is seamless whatever delay the encoder put at the start.
 */
export const BED_LOOP = { start: 1, end: 61 } as const;

/** Seconds of a prayer heard that make the day count in the habit record (or its end, for a shorter one). */
export const PRAYED_AFTER_SECONDS = 60;

/** Shown time of a day without a duration (spec section 3). */
export const DEFAULT_DAY_MINUTES = 3;

/** The duration to show for a day, in seconds: its own, or DEFAULT_DAY_MINUTES when missing or zero. */
export function dayDurationSeconds(duration: number | null | undefined): number {
  return duration != null && Number.isFinite(duration) && duration > 0 ? duration : DEFAULT_DAY_MINUTES * 60;
}
