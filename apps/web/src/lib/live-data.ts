// What every live update of a cache needs (app/live-events.tsx and the features' cache updates): reading an
// event's data, and telling whether an incoming copy is newer than the cached one. No zod: the app shell loads it.

/** Milliseconds of an ISO date, 0 when it is not one. */
export function timeOf(iso: string): number {
  const value = Date.parse(iso);
  return Number.isNaN(value) ? 0 : value;
}

/**
 * True when `incoming` is not older than `current` (events and answers may arrive out of order); a cached copy
 * without updatedAt counts as older.
 */
export function isNotOlder(incoming: { updatedAt: string }, current: { updatedAt?: string }): boolean {
  return current.updatedAt === undefined || timeOf(incoming.updatedAt) >= timeOf(current.updatedAt);
}

/**
 * The object under `key` in a Server-Sent Event's JSON data `{ type, [key]: {...} }` of the given type, or null
 * when the data is not that (the caller checks the object's fields).
 */
export function eventPayload(data: string, type: string, key: string): Record<string, unknown> | null {
  let event: unknown;
  try {
    event = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof event !== 'object' || event === null) return null;
  const fields = event as Record<string, unknown>;
  const payload = fields[key];
  if (fields.type !== type || typeof payload !== 'object' || payload === null) return null;
  return payload as Record<string, unknown>;
}
