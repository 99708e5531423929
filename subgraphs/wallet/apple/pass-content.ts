/**
 * What an Apple Wallet membership card shows (wallet-design: pass content): the shop name and logo
 * text, the member number as the barcode, points, the rank name and the card design's colours; a shop
 * without a configured card gets the default colours and no rank.
 */
import type { Customer } from '../customer/customer.entity.js';
import type { WalletShop } from '../customer/customer-access.js';

/** Colours of a card without a configured design (the stores subgraph's DEFAULT_DESIGN). */
const DEFAULT_COLOURS = { backgroundColor: '#FFFFFF', foregroundColor: '#1F2933', labelColor: '#6B7280' };

export interface ApplePassContent {
  readonly shopName: string;
  readonly logoText: string;
  readonly memberNumber: string;
  readonly points: number;
  /** The name of the customer's rank; null without a configured card or rank. */
  readonly rankName: string | null;
  readonly barcodeFormat: 'PKBarcodeFormatQR' | 'PKBarcodeFormatCode128';
  readonly backgroundColor: string;
  readonly foregroundColor: string;
  readonly labelColor: string;
}

const HEX = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i;

/** `#RRGGBB` as Apple's `rgb(r, g, b)`; `fallback` (a valid `#RRGGBB`) when it is not such a colour. */
export function rgb(hex: unknown, fallback: string): string {
  const match = HEX.exec(typeof hex === 'string' ? hex : '') ?? HEX.exec(fallback)!;
  return `rgb(${parseInt(match[1]!, 16)}, ${parseInt(match[2]!, 16)}, ${parseInt(match[3]!, 16)})`;
}

interface CardJson {
  ranks?: { code?: unknown; name?: unknown }[];
  design?: Record<string, unknown>;
}

/** The content of `customer`'s pass at `shop`. */
export function applePassContent(shop: WalletShop, customer: Customer): ApplePassContent {
  const card = (shop.membershipCard ?? {}) as CardJson;
  const design = card.design ?? {};
  const rank = customer.rankCode ? card.ranks?.find((r) => r.code === customer.rankCode) : undefined;
  const logoText = typeof design.logoText === 'string' && design.logoText !== '' ? design.logoText : shop.name;
  return {
    shopName: shop.name,
    logoText,
    memberNumber: customer.memberNumber,
    points: customer.points,
    rankName: typeof rank?.name === 'string' ? rank.name : null,
    barcodeFormat: design.barcodeFormat === 'code128' ? 'PKBarcodeFormatCode128' : 'PKBarcodeFormatQR',
    backgroundColor: rgb(design.backgroundColor, DEFAULT_COLOURS.backgroundColor),
    foregroundColor: rgb(design.foregroundColor, DEFAULT_COLOURS.foregroundColor),
    labelColor: rgb(design.labelColor, DEFAULT_COLOURS.labelColor),
  };
}
