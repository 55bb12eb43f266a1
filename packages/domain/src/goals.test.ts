import { describe, expect, it } from 'vitest';
import { cleanGoals } from './goals';

describe('cleanGoals', () => {
  it('drops empty and blank goals and trims the rest', () => {
    expect(cleanGoals(['  Pray daily ', '', '   ', 'Read Psalms'])).toEqual(['Pray daily', 'Read Psalms']);
  });
});
