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
  /** Set when the audio belongs to a journey day: tapping the mini bar returns there. */
  journey?: { kind: 'fixed' | 'personalized'; journeyId: string; dayId: number; journeyType?: string };
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
