import { ERROR_CODES } from '@selah/domain/error-codes';
import { DEFAULT_GOALS, MAX_GOALS, MIN_GOALS } from '@selah/domain/goals';
import { ApiError } from '../../lib/api';

/** One text area of the editor; the id keeps each area (and its focus) in place when another one is removed. */
export interface GoalEntry {
  id: number;
  text: string;
}

export interface GoalsEditor {
  entries: GoalEntry[];
  nextId: number;
}

/** The saved goals, or the default empty slots when there are none; never fewer than MIN_GOALS nor more than MAX_GOALS. */
export function initialGoalsEditor(saved: readonly string[]): GoalsEditor {
  const texts = (saved.length > 0 ? saved : DEFAULT_GOALS).slice(0, MAX_GOALS);
  while (texts.length < MIN_GOALS) texts.push('');
  return { entries: texts.map((text, id) => ({ id, text })), nextId: texts.length };
}

export const canAddGoal = (editor: GoalsEditor): boolean => editor.entries.length < MAX_GOALS;

export const canRemoveGoal = (editor: GoalsEditor): boolean => editor.entries.length > MIN_GOALS;

/** Whether any area has text: until then the add button invites the first goal. */
export const hasGoalText = (editor: GoalsEditor): boolean => editor.entries.some((entry) => entry.text.trim().length > 0);

/** An empty area at the end, up to MAX_GOALS. */
export function addGoal(editor: GoalsEditor): GoalsEditor {
  if (!canAddGoal(editor)) return editor;
  return { entries: [...editor.entries, { id: editor.nextId, text: '' }], nextId: editor.nextId + 1 };
}

/** Removes one area, keeping at least MIN_GOALS. */
export function removeGoal(editor: GoalsEditor, id: number): GoalsEditor {
  if (!canRemoveGoal(editor)) return editor;
  return { ...editor, entries: editor.entries.filter((entry) => entry.id !== id) };
}

export function editGoal(editor: GoalsEditor, id: number, text: string): GoalsEditor {
  return { ...editor, entries: editor.entries.map((entry) => (entry.id === id ? { ...entry, text } : entry)) };
}

/** What Save sends: every area as written (the server drops blank goals). */
export const goalTexts = (editor: GoalsEditor): string[] => editor.entries.map((entry) => entry.text);

/** The server's 403 when a Free plan tries to store goals (spec: /goals, reachable with a paid plan only). */
export const isPlanRequired = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 403 && error.code === ERROR_CODES.planRequired;
