/**
 * The common-password check of new passwords (NIST SP 800-63B §5.1.1.2, OWASP ASVS
 * 2.1.7), on top of the composition rules of the shared schemas: a password is refused when
 * it, or the word it is built on, is one of the 10,000 most common passwords
 * (apps/api/assets/passwords, SecLists). "Built on" means lower-cased with the digits and
 * symbols at either end taken off, because the composition rules push people to
 * 'Password@123' — 'password' with a capital and a suffix, guessed as quickly as the word.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MSG } from '@jsbn/shared';
import { validationError } from './errors.js';

/** The list beside the source (apps/api/assets), from src or dist alike. */
const LIST = fileURLToPath(new URL('../../assets/passwords/common-10k.txt', import.meta.url));

let common: Set<string> | undefined;

/** The word `password` is built on: lower case, without digits and symbols at either end. */
const stem = (password: string) => password.toLowerCase().replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');

/** True when `password`, or the word it is built on, is one of the 10,000 most common passwords. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(
    readFileSync(LIST, 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter(Boolean),
  );
  return common.has(password.toLowerCase()) || common.has(stem(password));
}

/**
 * Refuses a common new password.
 * @param field the form field named in the 400 (`password`, `newPassword`)
 * @throws AppError 400 VALIDATION_FAILED with MSG.passwordCommon on `field`
 */
export function assertUncommonPassword(password: string, field: string): void {
  if (isCommonPassword(password)) throw validationError([{ field, message: MSG.passwordCommon }]);
}
