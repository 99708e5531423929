/**
 * The smallest group an aggregate may describe. A count, sum or average over fewer people than this
 * could point at one identifiable person (a segment of two, a rank with one member, a day with one
 * claimed receipt), so insight operations answer such a figure as suppressed (null, with
 * `suppressed: true` where the type has it) unless the caller holds crm.profiles.read, which already
 * reads profiles one person at a time. Counts of people are what is checked, not of rows: ten receipts
 * of one person are still one person. The same bound as the usual k-anonymity threshold for published
 * retail statistics (k = 5).
 */
import type { Principal } from '../auth/principal.js';

/** Groups of fewer people than this are suppressed. */
export const MIN_GROUP_SIZE = 5;

/** The scope that reads people one by one, so that small groups need not be hidden from it. */
export const PROFILES_SCOPE = 'crm.profiles.read';

/** Whether a figure over `people` distinct people may be shown to `principal`. */
export function mayShowGroup(principal: Principal, people: number): boolean {
  if (people === 0 || people >= MIN_GROUP_SIZE) return true;
  if (principal.kind === 'operator') return true;
  return principal.kind === 'business' && principal.scopes.has(PROFILES_SCOPE);
}

/** `value` when the group of `people` may be shown, else null (suppressed). */
export function shownOrSuppressed<T>(principal: Principal, people: number, value: T): T | null {
  return mayShowGroup(principal, people) ? value : null;
}
