import { describe, expect, it } from 'vitest';
import { passwordProblem } from './passwords';

describe('passwordProblem', () => {
  it('refuses fewer than 8 characters, counting characters rather than UTF-16 units', () => {
    expect(passwordProblem('1234567')).toBe('too_short');
    expect(passwordProblem('🙏🙏🙏🙏🙏🙏🙏')).toBe('too_short');
    expect(passwordProblem('🙏🙏🙏🙏🙏🙏🙏🙏')).toBeNull();
  });

  it('refuses a password of only spaces, however long', () => {
    expect(passwordProblem('      ')).toBe('too_short');
    expect(passwordProblem('            ')).toBe('too_short');
  });

  it('refuses the email address or its name part, in any case', () => {
    expect(passwordProblem('Anna.Kowalska@example.com', 'anna.kowalska@example.com')).toBe('equals_email');
    expect(passwordProblem('anna.kowalska', 'Anna.Kowalska@example.com')).toBe('equals_email');
    expect(passwordProblem('anna.kowalska 2', 'anna.kowalska@example.com')).toBeNull();
  });

  it('accepts a long enough password of the person own choosing', () => {
    expect(passwordProblem('correct horse 1', 'someone@example.com')).toBeNull();
  });
});
