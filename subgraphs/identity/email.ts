/** Email addresses as identity stores and compares them. */

/** Longest address stored (RFC 5321 path limit as commonly applied). */
export const MAX_EMAIL_LENGTH = 320;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The stored form of an email: trimmed and lower-cased, so comparisons and uniqueness ignore case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Whether an already normalised email looks like an address and fits the column. */
export function isEmail(normalized: string): boolean {
  return normalized.length <= MAX_EMAIL_LENGTH && EMAIL.test(normalized);
}
