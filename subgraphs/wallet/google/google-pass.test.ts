/**
 * The Google card content: the shop's design and ranks when it configured a membership card; default
 * colour, QR code and no rank when it did not; ids only of Google's allowed characters.
 */
import { describe, expect, it } from 'vitest';
import type { WalletShop } from '../customer/customer-access.js';
import { DEFAULT_BACKGROUND_COLOR, googleIdSuffix, loyaltyClass, loyaltyObject, rankName } from './google-pass.js';

const shop = (membershipCard: Record<string, unknown> | null, logoUrl: string | null = null): WalletShop => ({
  shopAppId: 'id',
  shopId: 'sakura-cafe',
  businessAccountId: 'b',
  name: 'さくらカフェ',
  logoUrl,
  membershipCard,
});
const customer = { memberNumber: '12345678', points: 7, rankCode: 'gold' };

describe('Google card content', () => {
  it('without a membership card: default colour, shop name, QR code, no rank text', () => {
    const plain = shop(null);
    expect(loyaltyClass('99', plain)).toEqual({
      id: '99.sakura-cafe',
      issuerName: 'さくらカフェ',
      programName: 'さくらカフェ',
      hexBackgroundColor: DEFAULT_BACKGROUND_COLOR,
      reviewStatus: 'UNDER_REVIEW',
    });
    expect(loyaltyObject('99', plain, customer, 'serial-1')).toEqual({
      id: '99.serial-1',
      classId: '99.sakura-cafe',
      state: 'ACTIVE',
      accountId: '12345678',
      barcode: { type: 'QR_CODE', value: '12345678', alternateText: '12345678' },
      loyaltyPoints: { label: 'Points', balance: { int: 7 } },
      textModulesData: [],
    });
  });

  it('names the rank whose code is the customer’s; none for an unknown code or no code', () => {
    const card = shop({ ranks: [{ code: 'gold', name: 'ゴールド' }], design: { barcodeFormat: 'qr' } });
    expect(rankName(card, customer)).toBe('ゴールド');
    expect(rankName(card, { rankCode: 'platinum' })).toBeNull();
    expect(rankName(card, { rankCode: null })).toBeNull();
    expect(rankName(shop({ ranks: 'broken' }), customer)).toBeNull();
  });

  it('keeps ids of allowed characters as they are and makes others unique and allowed', () => {
    expect(googleIdSuffix('sakura_cafe-1.2')).toBe('sakura_cafe-1.2');
    const odd = googleIdSuffix('さくら cafe');
    expect(odd).toMatch(/^[A-Za-z0-9._-]+$/);
    expect(odd).not.toBe(googleIdSuffix('さくら_cafe'));
  });
});
