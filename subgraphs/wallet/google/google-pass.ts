/**
 * What a Google Wallet loyalty card of a customer shows (Google Wallet API v1 `LoyaltyClass` and
 * `LoyaltyObject`): the class is the shop's programme (name, logo, colour), the object the customer's
 * card (member number as account id and barcode, points balance, rank as a text module). The same
 * object fields go to the save link's JWT and to the Wallet API when points or rank change.
 */
import { createHash } from 'node:crypto';
import type { Customer } from '../customer/customer.entity.js';
import type { WalletShop } from '../customer/customer-access.js';

/** Background colour of a card whose shop configured no membership card. */
export const DEFAULT_BACKGROUND_COLOR = '#1f2937';

/** Label of the points balance on the card. */
export const POINTS_LABEL = 'Points';
/** Header of the rank text module (its id is `rank`). */
export const RANK_HEADER = 'Rank';

interface CardDesign {
  readonly backgroundColor?: unknown;
  readonly logoText?: unknown;
  readonly barcodeFormat?: unknown;
}
interface CardRank {
  readonly code?: unknown;
  readonly name?: unknown;
}

/**
 * A shop id as the suffix of a Google id, which allows only `[A-Za-z0-9._-]`: kept as it is when it
 * already fits, else its other characters become `_` and a digest of the original keeps it unique.
 */
export function googleIdSuffix(value: string): string {
  if (/^[A-Za-z0-9._-]+$/.test(value)) return value;
  const digest = createHash('sha256').update(value).digest('hex').slice(0, 12);
  return `${value.replace(/[^A-Za-z0-9._-]/g, '_')}-${digest}`;
}

export const loyaltyClassId = (issuerId: string, shopId: string) => `${issuerId}.${googleIdSuffix(shopId)}`;
export const loyaltyObjectId = (issuerId: string, serialNumber: string) => `${issuerId}.${serialNumber}`;

const design = (shop: WalletShop): CardDesign => shop.membershipCard?.design ?? {};

/** The name of the customer's rank in the shop's card config, or null (no card, no rank, unknown code). */
export function rankName(shop: WalletShop, customer: Pick<Customer, 'rankCode'>): string | null {
  if (!customer.rankCode) return null;
  const ranks = (shop.membershipCard?.ranks ?? []) as CardRank[];
  const rank = Array.isArray(ranks) ? ranks.find((r) => r.code === customer.rankCode) : undefined;
  return typeof rank?.name === 'string' ? rank.name : null;
}

/** The shop's loyalty programme (`LoyaltyClass`). */
export function loyaltyClass(issuerId: string, shop: WalletShop): Record<string, unknown> {
  const { backgroundColor, logoText } = design(shop);
  return {
    id: loyaltyClassId(issuerId, shop.shopId),
    issuerName: shop.name,
    programName: typeof logoText === 'string' && logoText !== '' ? logoText : shop.name,
    ...(shop.logoUrl ? { programLogo: { sourceUri: { uri: shop.logoUrl } } } : {}),
    hexBackgroundColor: typeof backgroundColor === 'string' ? backgroundColor : DEFAULT_BACKGROUND_COLOR,
    reviewStatus: 'UNDER_REVIEW',
  };
}

/** What changes with points and rank: the fields a push sends (PATCH of the object). */
export function loyaltyObjectUpdate(shop: WalletShop, customer: Pick<Customer, 'points' | 'rankCode'>) {
  const rank = rankName(shop, customer);
  return {
    loyaltyPoints: { label: POINTS_LABEL, balance: { int: customer.points } },
    textModulesData: rank ? [{ id: 'rank', header: RANK_HEADER, body: rank }] : [],
  };
}

/** The customer's card (`LoyaltyObject`). */
export function loyaltyObject(
  issuerId: string,
  shop: WalletShop,
  customer: Pick<Customer, 'memberNumber' | 'points' | 'rankCode'>,
  serialNumber: string,
): Record<string, unknown> {
  const { barcodeFormat } = design(shop);
  return {
    id: loyaltyObjectId(issuerId, serialNumber),
    classId: loyaltyClassId(issuerId, shop.shopId),
    state: 'ACTIVE',
    accountId: customer.memberNumber,
    barcode: {
      type: barcodeFormat === 'code128' ? 'CODE_128' : 'QR_CODE',
      value: customer.memberNumber,
      alternateText: customer.memberNumber,
    },
    ...loyaltyObjectUpdate(shop, customer),
  };
}
