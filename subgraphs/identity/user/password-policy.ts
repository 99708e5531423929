/**
 * The password policy: 15 to 128 characters, counted as Unicode code points after NFC normalisation; any Unicode
 * (spaces and emoji included); not in a list of common or breached passwords; not the account's
 * email. No composition rules and no forced rotation.
 *
 * The list is the `passwords-common` dictionary of `@zxcvbn-ts/language-common` (49,233 passwords
 * ranked by frequency in public breach corpora), pinned in package.json. It is compared lower-cased,
 * so case variants of a listed password are refused too.
 */
import { dictionary } from '@zxcvbn-ts/language-common';
import type { FieldError } from '../../kernel/errors.js';
import { normalizeEmail } from '../email.js';

/** Fewest characters (code points after NFC) a password may have. */
export const MIN_PASSWORD_LENGTH = 15;
/** Most characters (code points after NFC) a password may have. */
export const MAX_PASSWORD_LENGTH = 128;

/** The field a password arrives in: `password` at registration, `newPassword` on a change. */
export type PasswordField = 'password' | 'newPassword';

/** What the policy knows about the account the password is for. */
export interface PasswordContext {
  /** The account's email, when it has one. */
  readonly email?: string | null;
}

let commonPasswords: ReadonlySet<string> | undefined;

/** The blocklist as a Set of lower-cased entries, built on first use. */
function commonPasswordSet(): ReadonlySet<string> {
  commonPasswords ??= new Set(dictionary['passwords-common'].map((p) => p.normalize('NFC').toLowerCase()));
  return commonPasswords;
}

/** Whether `password` (or its lower-case form) is in the bundled list of common or breached passwords. */
export function isCommonPassword(password: string): boolean {
  return commonPasswordSet().has(password.normalize('NFC').toLowerCase());
}

/** The length the policy counts: Unicode code points after NFC normalisation. */
export function passwordLength(password: string): number {
  let count = 0;
  for (const _codePoint of password.normalize('NFC')) count++;
  return count;
}

/**
 * Checks `password` against the policy. Returns one field error per broken rule (empty when it
 * passes), each on `field` and stating the rule.
 */
export function checkPasswordPolicy(
  password: string,
  context: PasswordContext = {},
  field: PasswordField = 'password',
): FieldError[] {
  const errors: FieldError[] = [];
  const length = passwordLength(password);
  if (length < MIN_PASSWORD_LENGTH) {
    errors.push({ path: field, message: `must be at least ${MIN_PASSWORD_LENGTH} characters` });
  }
  if (length > MAX_PASSWORD_LENGTH) {
    errors.push({ path: field, message: `must be at most ${MAX_PASSWORD_LENGTH} characters` });
  }
  if (isCommonPassword(password)) {
    errors.push({ path: field, message: 'is a commonly used or breached password; choose another' });
  }
  if (context.email && normalizeEmail(password.normalize('NFC')) === normalizeEmail(context.email)) {
    errors.push({ path: field, message: 'must not be the account email' });
  }
  return errors;
}
