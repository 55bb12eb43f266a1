import { ERROR_CODES } from '@selah/domain/error-codes';

type PasswordRuleKey = 'password.tooShort' | 'password.tooCommon' | 'password.equalsEmail';

const MESSAGES: Record<string, PasswordRuleKey> = {
  [ERROR_CODES.passwordTooShort]: 'password.tooShort',
  [ERROR_CODES.passwordTooCommon]: 'password.tooCommon',
  [ERROR_CODES.passwordEqualsEmail]: 'password.equalsEmail',
};

/** The auth translation key for a refused new password (the server's codes), or undefined for other errors. */
export const passwordRuleMessage = (code: string | undefined): PasswordRuleKey | undefined =>
  code === undefined ? undefined : MESSAGES[code];
