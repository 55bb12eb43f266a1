import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../platform/db/client';
import { livePresence, profiles, pushDeliveries, pushSubscriptions } from '../../platform/db/schema';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

export interface DueReminder {
  userId: string;
  occasion: string;
  language: string;
  /** The person's local date of this reminder (YYYY-MM-DD). */
  localDay: string;
}

/** push_subscriptions, push_deliveries and live_presence. */
export function pushQueries(database: DatabaseHandle) {
  const { db } = database;
  return {
    /**
     * Stores a device's subscription for this person. An endpoint already stored for someone else moves to this
     * person only with the same keys (a browser's keys are its own secret: the same browser, signed in to another
     * account); an app's token never moves. Answers undefined when it stays where it was.
     */
    async upsert(
      input: { userId: string; kind: 'web' | 'fcm'; endpoint: string; keys: { p256dh: string; auth: string } | null },
      now: Date,
    ): Promise<PushSubscriptionRow | undefined> {
      const [row] = await db
        .insert(pushSubscriptions)
        .values({ ...input, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { userId: input.userId, kind: input.kind, keys: input.keys, updatedAt: now },
          setWhere: sql`${pushSubscriptions.userId} = excluded.user_id
            OR (${pushSubscriptions.kind} = 'web' AND excluded.kind = 'web' AND ${pushSubscriptions.keys} = excluded.keys)`,
        })
        .returning();
      return row;
    },

    /** Keeps a person's `keep` most recently seen devices and deletes the rest. */
    async trimDevices(userId: string, keep: number): Promise<void> {
      await database.query(
        `DELETE FROM push_subscriptions WHERE user_id = $1 AND id NOT IN (
           SELECT id FROM push_subscriptions WHERE user_id = $1 ORDER BY updated_at DESC, created_at DESC LIMIT $2)`,
        [userId, keep],
      );
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
        .returning({ id: pushSubscriptions.id });
      return rows.length > 0;
    },

    async removeAllOf(userId: string): Promise<number> {
      const rows = await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).returning({ id: pushSubscriptions.id });
      return rows.length;
    },

    /** A subscription the push service says is gone (404, 410). */
    async removeById(id: string): Promise<void> {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    },

    async devicesOf(userId: string): Promise<PushSubscriptionRow[]> {
      return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    },

    /** The devices, language and notification setting of these people (one query for a batch). */
    async recipients(userIds: string[]): Promise<Array<{ userId: string; language: string; on: boolean; devices: PushSubscriptionRow[] }>> {
      if (userIds.length === 0) return [];
      const people = await db
        .select({ userId: profiles.userId, language: profiles.language, on: profiles.prayerNotifications })
        .from(profiles)
        .where(inArray(profiles.userId, userIds));
      const devices = await db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.userId, userIds));
      const byUser = new Map<string, PushSubscriptionRow[]>();
      for (const device of devices) byUser.set(device.userId, [...(byUser.get(device.userId) ?? []), device]);
      return people.map((person) => ({ ...person, devices: byUser.get(person.userId) ?? [] }));
    },

    /**
     * Claims today's reminder of everyone whose local reminder time passed within the last hour (a restart or a
     * slow minute catches up; a reminder is never sent late in the day): one row per person and local day, so
     * however many workers ask, each person is claimed once.
     */
    async claimDueReminders(now: Date): Promise<DueReminder[]> {
      const result = await database.query(
        `WITH local AS (
           -- Joined to the zones the database knows: a zone it cannot read is skipped (the expression is only
           -- computed for joined rows), never an error for everyone else's reminders.
           SELECT p.user_id, p.language, p.reminder_time, ($1::timestamptz AT TIME ZONE z.name) AS local_now
           FROM profiles p
           JOIN pg_timezone_names z ON z.name = p.time_zone
           WHERE p.prayer_notifications AND EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = p.user_id)
         ), due AS (
           SELECT user_id, language, to_char(local_now, 'YYYY-MM-DD') AS local_day
           FROM local
           WHERE local_now::time - reminder_time::time >= interval '0'
             AND local_now::time - reminder_time::time < interval '1 hour'
         ), claimed AS (
           INSERT INTO push_deliveries (user_id, occasion, claimed_at)
           SELECT user_id, 'reminder:' || local_day, $1::timestamptz FROM due
           ON CONFLICT DO NOTHING
           RETURNING user_id, occasion
         )
         SELECT c.user_id, c.occasion, d.language, d.local_day FROM claimed c JOIN due d ON d.user_id = c.user_id`,
        [now.toISOString()],
      );
      return result.rows.map((row) => ({
        userId: String(row.user_id),
        occasion: String(row.occasion),
        language: String(row.language),
        localDay: String(row.local_day),
      }));
    },

    /** Claims these occasions; returns the ones this call claimed (the others were claimed before). */
    async claimMany(claims: Array<{ userId: string; occasion: string }>, now: Date): Promise<Array<{ userId: string; occasion: string }>> {
      if (claims.length === 0) return [];
      return db
        .insert(pushDeliveries)
        .values(claims.map((claim) => ({ ...claim, claimedAt: now })))
        .onConflictDoNothing()
        .returning({ userId: pushDeliveries.userId, occasion: pushDeliveries.occasion });
    },

    /** Claims one occasion for one person; false when it was claimed before (never twice). */
    async claim(userId: string, occasion: string, now: Date): Promise<boolean> {
      const rows = await db
        .insert(pushDeliveries)
        .values({ userId, occasion, claimedAt: now })
        .onConflictDoNothing()
        .returning({ userId: pushDeliveries.userId });
      return rows.length > 0;
    },

    /** Of these people, who still waits for this occasion (claimed, not yet sent): a retried batch skips the rest. */
    async unsent(occasion: string, userIds: string[]): Promise<Set<string>> {
      if (userIds.length === 0) return new Set();
      const rows = await db
        .select({ userId: pushDeliveries.userId })
        .from(pushDeliveries)
        .where(and(eq(pushDeliveries.occasion, occasion), inArray(pushDeliveries.userId, userIds), isNull(pushDeliveries.sentAt)));
      return new Set(rows.map((row) => row.userId));
    },

    async markSent(occasion: string, userIds: string[], now: Date): Promise<void> {
      if (userIds.length === 0) return;
      await db
        .update(pushDeliveries)
        .set({ sentAt: now })
        .where(and(eq(pushDeliveries.occasion, occasion), inArray(pushDeliveries.userId, userIds)));
    },

    // ---- presence: is one of the person's tabs open (an event stream alive on any API process)? ----

    async present(userId: string, processId: string, now: Date): Promise<void> {
      await db
        .insert(livePresence)
        .values({ userId, processId, streams: 1, seenAt: now })
        .onConflictDoUpdate({
          target: [livePresence.userId, livePresence.processId],
          set: { streams: sql`${livePresence.streams} + 1`, seenAt: now },
        });
    },

    async absent(userId: string, processId: string): Promise<void> {
      await db
        .delete(livePresence)
        .where(and(eq(livePresence.userId, userId), eq(livePresence.processId, processId), eq(livePresence.streams, 1)));
      await db
        .update(livePresence)
        .set({ streams: sql`${livePresence.streams} - 1` })
        .where(and(eq(livePresence.userId, userId), eq(livePresence.processId, processId), gt(livePresence.streams, 1)));
    },

    /** Refreshes every stream this process holds (its keep-alive), so a process that died is forgotten soon. */
    async refresh(processId: string, userIds: string[], now: Date): Promise<void> {
      if (userIds.length === 0) return;
      await db
        .update(livePresence)
        .set({ seenAt: now })
        .where(and(eq(livePresence.processId, processId), inArray(livePresence.userId, userIds)));
    },

    async isPresent(userId: string, since: Date): Promise<boolean> {
      const rows = await db
        .select({ userId: livePresence.userId })
        .from(livePresence)
        .where(and(eq(livePresence.userId, userId), gt(livePresence.seenAt, since)))
        .limit(1);
      return rows.length > 0;
    },
  };
}

export type PushQueries = ReturnType<typeof pushQueries>;
