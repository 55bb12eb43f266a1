import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The most common passwords seen in breaches (about 49,000, from zxcvbn-ts's common list), refused at sign-up
 * and whenever a new password is chosen (ASVS 5 V6.2.4). Loaded at the first check, compared lower-cased.
 */
let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((word) => String(word).toLowerCase()));
  return common.has(password.toLowerCase()) || common.has(password.trim().toLowerCase());
}
