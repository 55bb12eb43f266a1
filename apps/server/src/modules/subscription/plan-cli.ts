/**
 * `npm run plan -- grant <email> "<plan>" [--months N]` and `npm run plan -- show <email>`: plans for people
 * who host Selah themselves and have no App Store (README, Plans). Parsing and printing; main.ts runs it.
 */
import { PLANS, type Plan } from '@selah/domain/plans';
import type { SubscriptionView } from '@selah/domain/subscription-schemas';

export const PLAN_USAGE = [
  'Usage:',
  '  npm run plan -- grant <email> "Faithful Plan" [--months N]   a paid plan for N calendar months (default 1)',
  '  npm run plan -- grant <email> "Unlimited Prayer" [--months N]',
  '  npm run plan -- grant <email> Free                          back to Free at once',
  '  npm run plan -- show <email>                                the plan in force and this month’s usage',
].join('\n');

export const MAX_GRANT_MONTHS = 120;

export type PlanCommand = { command: 'show'; email: string } | { command: 'grant'; email: string; plan: Plan; months: number };

/** Plan names as people type them: the exact name, any case, or its first word (faithful, unlimited, free). */
export function parsePlanName(text: string): Plan | null {
  const wanted = text.trim().toLowerCase();
  return PLANS.find((plan) => plan.toLowerCase() === wanted || plan.split(' ')[0]!.toLowerCase() === wanted) ?? null;
}

export function parsePlanCommand(positionals: string[], months: string | undefined): PlanCommand | { error: string } {
  const [command, email, ...rest] = positionals;
  if (command !== 'grant' && command !== 'show') return { error: command ? `Unknown command ${command}.` : 'Name a command.' };
  if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) return { error: 'Give the account’s email address.' };
  if (command === 'show') {
    if (rest.length > 0 || months !== undefined) return { error: 'show takes only an email address.' };
    return { command, email };
  }
  const plan = parsePlanName(rest.join(' '));
  if (!plan) return { error: `Name a plan: ${PLANS.map((name) => `"${name}"`).join(', ')}.` };
  const count = months === undefined ? 1 : Number(months);
  if (!Number.isInteger(count) || count < 1 || count > MAX_GRANT_MONTHS) {
    return { error: `--months must be a whole number from 1 to ${MAX_GRANT_MONTHS}.` };
  }
  return { command, email, plan, months: count };
}

const when = (iso: string): string => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** What the command prints about a person's plan. */
export function describePlan(email: string, view: SubscriptionView): string {
  const lines = [
    `${email}: ${view.plan}${view.platform ? ` (${view.platform})` : ''}${view.expiresAt ? ` until ${when(view.expiresAt)}` : ''}`,
  ];
  const { usage } = view;
  lines.push(`This month (${usage.month}): ${usage.count} of ${usage.unlimited ? 'unlimited' : usage.limit} prayers`);
  if (view.pendingChange) {
    lines.push(`Pending: ${view.pendingChange.type} to ${view.pendingChange.toPlan} on ${when(view.pendingChange.effectiveDate)}`);
  }
  return lines.join('\n');
}

/** Runs a parsed command against the subscription service and returns what to print. */
export async function runPlanCommand(
  service: {
    grant(email: string, plan: Plan, months: number): Promise<{ email: string; view: SubscriptionView }>;
    show(email: string): Promise<{ email: string; view: SubscriptionView }>;
  },
  command: PlanCommand,
): Promise<string> {
  const { email, view } =
    command.command === 'grant' ? await service.grant(command.email, command.plan, command.months) : await service.show(command.email);
  return describePlan(email, view);
}
