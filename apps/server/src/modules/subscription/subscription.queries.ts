import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { profiles, webhookEvents } from '../../platform/db/schema';
import type { WebhookOutcome } from '@selah/domain/subscription-schemas';
import type { StoredSubscription } from './revenuecat';
import { storedSubscriptionOf } from './stored-subscription';

type Executor = Pick<Database, 'select' | 'update'>;

const date = (text: string | null): Date | null => (text ? new Date(text) : null);

function toColumns(state: StoredSubscription) {
  return {
    plan: state.plan,
    purchasedAt: date(state.purchasedAt),
    expiresAt: date(state.expiresAt),
    productId: state.productId,
    pendingChange: state.pendingChange,
    platform: state.platform,
    price: state.price,
    lastSyncedAt: date(state.lastSyncedAt),
    subscriptionEventAt: date(state.eventAt),
  };
}

async function read(db: Executor, userId: string, lock: boolean): Promise<StoredSubscription | undefined> {
  const query = db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ? storedSubscriptionOf(row) : undefined;
}

async function knownUsers(db: Executor, ids: string[]): Promise<string[]> {
  const wanted = [...new Set(ids)].filter((id) => id.length > 0 && id.length <= 200);
  if (wanted.length === 0) return [];
  const rows = await db.select({ userId: profiles.userId }).from(profiles).where(inArray(profiles.userId, wanted));
  const known = new Set(rows.map((row) => row.userId));
  return wanted.filter((id) => known.has(id));
}

/** What a webhook event may do inside its transaction. */
export interface WebhookTransaction {
  /** Which of these ids are people of ours, in the order given. */
  knownUsers(ids: string[]): Promise<string[]>;
  /** Reads a person's subscription under a row lock and writes what `change` returns (null: no change). */
  change(userId: string, change: (current: StoredSubscription) => StoredSubscription | null): Promise<void>;
}

export interface WebhookReceipt {
  id: string;
  eventType: string;
  appUserId: string | null;
  payload: Record<string, unknown>;
}

/** The subscription columns of profiles, and webhook_events. */
export function subscriptionQueries(db: Database) {
  return {
    find: (userId: string) => read(db, userId, false),

    async findByEmail(email: string): Promise<{ userId: string; email: string; subscription: StoredSubscription } | undefined> {
      const [row] = await db
        .select()
        .from(profiles)
        .where(sql`lower(${profiles.email}) = ${email.trim().toLowerCase()}`)
        .limit(1);
      return row ? { userId: row.userId, email: row.email, subscription: storedSubscriptionOf(row) } : undefined;
    },

    /** Which of these ids are people of ours. */
    knownUsers: (ids: string[]) => knownUsers(db, ids),

    /**
     * Reads the subscription under a row lock, lets `change` decide, and writes what it returns, in one
     * transaction (a sync and a webhook for the same person never interleave). Undefined: no such person.
     */
    async change(
      userId: string,
      change: (current: StoredSubscription) => StoredSubscription | null,
    ): Promise<{ before: StoredSubscription; after: StoredSubscription } | undefined> {
      return db.transaction(async (tx) => {
        const before = await read(tx, userId, true);
        if (!before) return undefined;
        const next = change(before);
        if (next === null) return { before, after: before };
        await tx.update(profiles).set(toColumns(next)).where(eq(profiles.userId, userId));
        return { before, after: next };
      });
    },

    /**
     * Stores the event once by id and, for its first delivery only, lets `apply` act in the same transaction:
     * a retried delivery answers 'duplicate' and changes nothing; a failure stores nothing, so the retry applies it.
     */
    async receiveOnce(receipt: WebhookReceipt, apply: (tx: WebhookTransaction) => Promise<WebhookOutcome>): Promise<WebhookOutcome> {
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(webhookEvents)
          .values({
            id: receipt.id,
            source: 'revenuecat',
            payload: receipt.payload,
            eventType: receipt.eventType,
            appUserId: receipt.appUserId,
          })
          .onConflictDoNothing({ target: webhookEvents.id })
          .returning({ id: webhookEvents.id });
        if (inserted.length === 0) return 'duplicate';
        const outcome = await apply({
          knownUsers: (ids) => knownUsers(tx, ids),
          change: async (userId, change) => {
            const before = await read(tx, userId, true);
            if (!before) return;
            const next = change(before);
            if (next !== null) await tx.update(profiles).set(toColumns(next)).where(eq(profiles.userId, userId));
          },
        });
        await tx.update(webhookEvents).set({ outcome }).where(eq(webhookEvents.id, receipt.id));
        return outcome;
      });
    },

    async webhookEvent(id: string) {
      const [row] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, id));
      return row;
    },
  };
}

export type SubscriptionQueries = ReturnType<typeof subscriptionQueries>;
