import { isPlan } from '@selah/domain/plans';
import type { PendingChange } from '@selah/domain/subscriptions';
import type { profiles } from '../../platform/db/schema';
import type { StoredSubscription } from './revenuecat';

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** A profile row's subscription as stored; the plan in force is computed from it at each read (decision 019). */
export function storedSubscriptionOf(row: typeof profiles.$inferSelect): StoredSubscription {
  return {
    plan: isPlan(row.plan) ? row.plan : 'Free',
    purchasedAt: iso(row.purchasedAt),
    expiresAt: iso(row.expiresAt),
    productId: row.productId,
    pendingChange: (row.pendingChange as PendingChange | null) ?? null,
    platform: row.platform,
    price: row.price,
    lastSyncedAt: iso(row.lastSyncedAt),
    eventAt: iso(row.subscriptionEventAt),
  };
}
