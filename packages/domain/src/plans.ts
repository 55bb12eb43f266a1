/** Subscription plans and their monthly generation limits (spec sections 6 and 9). */
export const PLANS = ['Free', 'Faithful Plan', 'Unlimited Prayer'] as const;
export type Plan = (typeof PLANS)[number];
export const DEFAULT_PLAN: Plan = 'Free';

export const MONTHLY_GENERATION_LIMIT: Record<Plan, number> = {
  Free: 5,
  'Faithful Plan': 30,
  'Unlimited Prayer': 1000,
};

/** Unlimited Prayer is checked against 1000 but shown as unbounded. */
export function isUnlimitedPlan(plan: Plan): boolean {
  return plan === 'Unlimited Prayer';
}

export function isPaidPlan(plan: Plan): boolean {
  return plan !== 'Free';
}

export const PLAN_PRICE_USD: Record<Plan, number> = {
  Free: 0,
  'Faithful Plan': 14.99,
  'Unlimited Prayer': 29.99,
};

/** Year-month key with an unpadded month, e.g. 2025-3 (spec section 3). */
export function monthKey(date: Date): string {
  return `${date.getUTCFullYear()}-${date.getUTCMonth() + 1}`;
}

export function isPlan(value: unknown): value is Plan {
  return typeof value === 'string' && (PLANS as readonly string[]).includes(value);
}
