/**
 * What each plan's button on /subscription says and does (spec: /subscription): the plan in force is the
 * current one; while a change is pending the other paid plans read Change Pending and are disabled; otherwise
 * a higher plan is an upgrade, a lower one a downgrade, and from Free a paid plan is a subscription.
 */
import { PLAN_ORDER, type PendingChange } from '@selah/domain/subscriptions';
import type { Plan } from '@selah/domain/plans';

export type PlanButton = 'current' | 'changePending' | 'subscribe' | 'upgrade' | 'downgrade' | 'chooseFree' | 'freeScheduled';

export function planButton(plan: Plan, current: Plan, pending: PendingChange | null): PlanButton {
  if (plan === current) return 'current';
  if (plan === 'Free') return pending?.toPlan === 'Free' ? 'freeScheduled' : 'chooseFree';
  if (pending) return 'changePending';
  if (current === 'Free') return 'subscribe';
  return PLAN_ORDER[plan] > PLAN_ORDER[current] ? 'upgrade' : 'downgrade';
}

/** Buttons a person can press (the rest are shown disabled). */
export const isActionable = (button: PlanButton): boolean =>
  button !== 'current' && button !== 'changePending' && button !== 'freeScheduled';
