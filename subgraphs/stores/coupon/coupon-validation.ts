/**
 * The rules of a coupon's fields (lengths, ranges, the https image, the validity window), checked on
 * the coupon as it would be after a create or an update, so every field error is named at once.
 */
import { isUuid } from '../../kernel/db/uuid.js';
import type { Validation } from '../../kernel/errors.js';
import { DiscountKind } from './coupon.entity.js';

export const COUPON_LIMITS = {
  title: 200,
  description: 2000,
  terms: 4000,
  benefit: 100,
  imageUrl: 2048,
  stores: 100,
  amount: 100_000_000,
  percent: 100,
  uses: 1_000_000_000,
} as const;

/** A coupon's fields after defaults and trimming. */
export interface CouponDraft {
  readonly title: string;
  readonly description: string;
  readonly terms: string;
  readonly benefit: string | null;
  readonly discount: { readonly kind: DiscountKind; readonly value: number } | null;
  readonly imageUrl: string | null;
  readonly validFrom: Date | null;
  readonly validTo: Date | null;
  readonly limitPerUser: number | null;
  readonly totalLimit: number | null;
}

function isHttpsUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

function checkDiscount(v: Validation, discount: CouponDraft['discount']): void {
  if (!discount) return;
  const max = discount.kind === DiscountKind.percent ? COUPON_LIMITS.percent : COUPON_LIMITS.amount;
  v.check(
    Number.isInteger(discount.value) && discount.value >= 1 && discount.value <= max,
    'discount.value',
    `must be an integer from 1 to ${max} for ${discount.kind}`,
  );
}

function checkUses(v: Validation, path: string, value: number | null): void {
  v.check(
    value === null || (Number.isInteger(value) && value >= 1 && value <= COUPON_LIMITS.uses),
    path,
    `must be a positive integer up to ${COUPON_LIMITS.uses}, or null`,
  );
}

/** Adds the field errors of `draft` to `v`. */
export function checkCouponDraft(v: Validation, draft: CouponDraft): void {
  v.check(draft.title.length >= 1 && draft.title.length <= COUPON_LIMITS.title, 'title', 'must be 1 to 200 characters');
  v.check(draft.description.length <= COUPON_LIMITS.description, 'description', 'must be at most 2000 characters');
  v.check(draft.terms.length <= COUPON_LIMITS.terms, 'terms', 'must be at most 4000 characters');
  v.check((draft.benefit ?? '').length <= COUPON_LIMITS.benefit, 'benefit', 'must be at most 100 characters');
  checkDiscount(v, draft.discount);
  v.check(
    draft.imageUrl === null || (draft.imageUrl.length <= COUPON_LIMITS.imageUrl && isHttpsUrl(draft.imageUrl)),
    'imageUrl',
    'must be an absolute https URL of at most 2048 characters',
  );
  v.check(
    !draft.validFrom || !draft.validTo || draft.validFrom.getTime() < draft.validTo.getTime(),
    'validTo',
    'must be after validFrom',
  );
  checkUses(v, 'limitPerUser', draft.limitPerUser);
  checkUses(v, 'totalLimit', draft.totalLimit);
  v.check(
    // Compared only when both are valid, so a bad value is named once.
    !(draft.limitPerUser !== null && draft.totalLimit !== null && draft.totalLimit >= 1) ||
      draft.limitPerUser <= draft.totalLimit,
    'limitPerUser',
    'must not exceed totalLimit',
  );
}

/** Adds the errors of a target store list to `v`; the distinct ids when valid. */
export function checkStoreIds(v: Validation, storeIds: readonly string[]): string[] {
  const distinct = [...new Set(storeIds)];
  v.check(
    distinct.length >= 1 && distinct.length <= COUPON_LIMITS.stores,
    'storeIds',
    `must name 1 to ${COUPON_LIMITS.stores} stores`,
  );
  v.check(distinct.every(isUuid), 'storeIds', 'must be store ids (UUIDs)');
  return distinct;
}
