/**
 * Email addresses as every subgraph stores and compares them (identity for accounts, the wallet for a
 * business's customer records): one normalization for every path that takes an email (sign-up,
 * sign-in, operator-created users and businesses, owner invitations, customer records), after the
 * PRECIS profiles (RFC 8264/8265): NFKC width and compatibility mapping, case folding, trimming, and
 * no invisible or control characters, so that full-width or zero-width variants of one address can
 * never become separate accounts.
 */
import { BadUserInputError, VALIDATION_FAILED_DETAIL } from './errors.js';

/** Longest address stored (RFC 5321 path limit as commonly applied). */
export const MAX_EMAIL_LENGTH = 320;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u;

/**
 * Characters an address must not contain: controls (C0, C1), format characters (zero-width space and
 * joiners, bidi controls, U+FEFF, soft hyphen), other default-ignorable code points (variation
 * selectors, Hangul fillers), private-use, surrogates, unassigned code points and line separators.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Cn}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;

/** The stored form of an email: NFKC, trimmed, case folded. Total (never throws); see {@link parseEmail}. */
export function normalizeEmail(email: string): string {
  return email.normalize('NFKC').trim().toLocaleLowerCase('und').normalize('NFKC');
}

/** Why a raw email is refused, or its normalized form. */
export type EmailParse =
  { readonly ok: true; readonly email: string } | { readonly ok: false; readonly message: string };

/** Normalizes `raw`, refusing invisible or control characters and what does not look like an address. */
export function parseEmail(raw: string): EmailParse {
  // Checked before NFKC and trimming too: trim() would silently drop a leading U+FEFF.
  if (INVISIBLE.test(raw)) return { ok: false, message: 'must not contain invisible or control characters' };
  const email = normalizeEmail(raw);
  if (INVISIBLE.test(email)) return { ok: false, message: 'must not contain invisible or control characters' };
  if (email.length > MAX_EMAIL_LENGTH || !EMAIL.test(email)) return { ok: false, message: 'must be an email address' };
  return { ok: true, email };
}

/** The normalized email, or BAD_USER_INPUT `validation_failed` naming `path`. */
export function requireEmail(raw: string, path: string): string {
  const parsed = parseEmail(raw);
  if (!parsed.ok) {
    throw new BadUserInputError(VALIDATION_FAILED_DETAIL, [{ path, message: parsed.message }], 'validation_failed');
  }
  return parsed.email;
}

/** Whether an already normalized email looks like an address and fits the column. */
export function isEmail(normalized: string): boolean {
  return parseEmail(normalized).ok;
}
