/** Spiritual goals (spec sections 3, 5 and 9). */
export const MAX_GOALS = 5;
export const MIN_GOALS = 1;
export const DEFAULT_GOALS: readonly string[] = ['', '', ''];
export const MAX_GOAL_LENGTH = 500;

/** Blank goals are dropped on save. */
export function cleanGoals(goals: readonly string[]): string[] {
  return goals.map((goal) => goal.trim()).filter((goal) => goal.length > 0);
}
