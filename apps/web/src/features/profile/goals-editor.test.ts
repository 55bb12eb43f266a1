import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@selah/domain/error-codes';
import { DEFAULT_GOALS, MAX_GOALS } from '@selah/domain/goals';
import { ApiError } from '../../lib/api';
import {
  addGoal,
  canAddGoal,
  canRemoveGoal,
  editGoal,
  goalTexts,
  hasGoalText,
  initialGoalsEditor,
  isPlanRequired,
  removeGoal,
} from './goals-editor';

describe('initialGoalsEditor', () => {
  it('starts from the saved goals', () => {
    expect(goalTexts(initialGoalsEditor(['Pray daily', 'Read Psalms']))).toEqual(['Pray daily', 'Read Psalms']);
  });

  it('starts with the default empty slots when nothing is saved', () => {
    const editor = initialGoalsEditor([]);
    expect(goalTexts(editor)).toEqual([...DEFAULT_GOALS]);
    expect(hasGoalText(editor)).toBe(false);
  });

  it('shows at most MAX_GOALS areas, with distinct ids', () => {
    const editor = initialGoalsEditor(['1', '2', '3', '4', '5', '6']);
    expect(editor.entries).toHaveLength(MAX_GOALS);
    expect(new Set(editor.entries.map((entry) => entry.id)).size).toBe(MAX_GOALS);
  });
});

describe('adding and removing', () => {
  it('adds empty areas up to MAX_GOALS, then no more', () => {
    let editor = initialGoalsEditor([]);
    while (canAddGoal(editor)) editor = addGoal(editor);
    expect(editor.entries).toHaveLength(MAX_GOALS);
    expect(addGoal(editor)).toBe(editor);
    expect(new Set(editor.entries.map((entry) => entry.id)).size).toBe(MAX_GOALS);
  });

  it('removes the chosen area but never the last one', () => {
    let editor = initialGoalsEditor(['a', 'b', 'c']);
    editor = removeGoal(editor, editor.entries[1]!.id);
    expect(goalTexts(editor)).toEqual(['a', 'c']);
    editor = removeGoal(editor, editor.entries[0]!.id);
    expect(goalTexts(editor)).toEqual(['c']);
    expect(canRemoveGoal(editor)).toBe(false);
    expect(removeGoal(editor, editor.entries[0]!.id)).toBe(editor);
  });

  it('gives a new area an id no other area had', () => {
    let editor = initialGoalsEditor(['a', 'b']);
    editor = removeGoal(editor, editor.entries[1]!.id);
    editor = addGoal(editor);
    expect(editor.entries.map((entry) => entry.id)).toEqual([0, 2]);
  });
});

describe('editing', () => {
  it('changes one area and counts only non-blank text as a goal', () => {
    let editor = initialGoalsEditor([]);
    editor = editGoal(editor, editor.entries[1]!.id, '   ');
    expect(hasGoalText(editor)).toBe(false);
    editor = editGoal(editor, editor.entries[1]!.id, 'Forgive quickly');
    expect(goalTexts(editor)).toEqual(['', 'Forgive quickly', '']);
    expect(hasGoalText(editor)).toBe(true);
  });
});

describe('isPlanRequired', () => {
  it('is the 403 with the PLAN_REQUIRED code only', () => {
    expect(isPlanRequired(new ApiError(403, ERROR_CODES.planRequired, 'Upgrade'))).toBe(true);
    expect(isPlanRequired(new ApiError(403, 'LIMIT_REACHED', 'Limit'))).toBe(false);
    expect(isPlanRequired(new ApiError(500, ERROR_CODES.planRequired, 'Oops'))).toBe(false);
    expect(isPlanRequired(new Error('offline'))).toBe(false);
  });
});
