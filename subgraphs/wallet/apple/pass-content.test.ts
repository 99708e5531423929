import { describe, expect, it } from 'vitest';
import type { Customer } from '../customer/customer.entity.js';
import type { WalletShop } from '../customer/customer-access.js';
import { applePassContent, rgb } from './pass-content.js';

const shop = (membershipCard: Record<string, unknown> | null): WalletShop => ({
  shopAppId: 'a',
  shopId: 'sakura',
  businessAccountId: 'b',
  name: 'さくらマート',
  logoUrl: null,
  membershipCard,
});
const customer = { memberNumber: '20250001', points: 1200, rankCode: 'gold' } as Customer;

describe('applePassContent', () => {
  it('prints the rank name, the design colours, logo text and barcode format of a configured card', () => {
    const card = {
      ranks: [
        { code: 'silver', name: 'シルバー' },
        { code: 'gold', name: 'ゴールド' },
      ],
      design: {
        backgroundColor: '#0A0B0C',
        foregroundColor: '#FFFFFF',
        labelColor: '#808080',
        logoText: '会員証',
        barcodeFormat: 'code128',
      },
    };
    expect(applePassContent(shop(card), customer)).toEqual({
      shopName: 'さくらマート',
      logoText: '会員証',
      memberNumber: '20250001',
      points: 1200,
      rankName: 'ゴールド',
      barcodeFormat: 'PKBarcodeFormatCode128',
      backgroundColor: 'rgb(10, 11, 12)',
      foregroundColor: 'rgb(255, 255, 255)',
      labelColor: 'rgb(128, 128, 128)',
    });
  });

  it('uses the default colours, the shop name, a QR code and no rank without a configured card', () => {
    expect(applePassContent(shop(null), customer)).toMatchObject({
      logoText: 'さくらマート',
      rankName: null,
      barcodeFormat: 'PKBarcodeFormatQR',
      backgroundColor: 'rgb(255, 255, 255)',
      foregroundColor: 'rgb(31, 41, 51)',
      labelColor: 'rgb(107, 114, 128)',
    });
  });

  it('shows no rank for a rank code the card does not have', () => {
    expect(applePassContent(shop({ ranks: [{ code: 'silver', name: 'S' }] }), customer).rankName).toBeNull();
  });
});

describe('rgb', () => {
  it('turns #RRGGBB into rgb() and falls back for anything else', () => {
    expect(rgb('#FF8000', '#000000')).toBe('rgb(255, 128, 0)');
    expect(rgb('red', '#010203')).toBe('rgb(1, 2, 3)');
    expect(rgb(undefined, '#010203')).toBe('rgb(1, 2, 3)');
  });
});
