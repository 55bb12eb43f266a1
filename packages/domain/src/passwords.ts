/**
 * Password rules (ASVS 5 V6.2): at least 8 characters, not only spaces, not the email address. The server
 * also refuses the most common breached passwords (its list is too large for the web bundle).
 */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

export type PasswordProblem = 'too_short' | 'equals_email';

/** The first rule a password breaks, or null. Length counts characters (code points), not UTF-16 units. */
export function passwordProblem(password: string, email?: string | null): PasswordProblem | null {
  if ([...password].length < MIN_PASSWORD_LENGTH || password.trim().length === 0) return 'too_short';
  if (email) {
    const lowered = password.trim().toLowerCase();
    const address = email.trim().toLowerCase();
    const localPart = address.split('@')[0] ?? '';
    if (lowered === address || (localPart.length > 0 && lowered === localPart)) return 'equals_email';
  }
  return null;
}
