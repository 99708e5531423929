import { describe, expect, it } from 'vitest';
import { findPrefecture, PREFECTURES, prefectureByCode } from './prefectures.js';
import { isStoreType, STORE_TYPES } from './store-types.js';

describe('prefectures', () => {
  it('has the 47 JIS X 0401 codes in order', () => {
    expect(PREFECTURES).toHaveLength(47);
    expect(PREFECTURES.map((p) => Number(p.code))).toEqual(Array.from({ length: 47 }, (_, i) => i + 1));
  });

  it.each(['13', '東京都', 'Tokyo', 'tokyo', ' 13 '])('finds Tokyo by %j', (value) => {
    expect(findPrefecture(value)?.code).toBe('13');
  });

  it('finds single-digit codes with or without the leading zero', () => {
    expect(findPrefecture('1')?.name).toBe('北海道');
    expect(findPrefecture('01')?.name).toBe('北海道');
  });

  it.each(['', '0', '48', '東京', 'Atlantis'])('knows no prefecture %j', (value) => {
    expect(findPrefecture(value)).toBeUndefined();
  });

  it('refuses to name an unknown stored code', () => {
    expect(() => prefectureByCode('99')).toThrow();
  });
});

describe('store types', () => {
  it('is a lowercase snake_case vocabulary', () => {
    expect(STORE_TYPES.every((t) => /^[a-z]+(_[a-z]+)*$/.test(t))).toBe(true);
    expect(isStoreType('supermarket')).toBe(true);
    expect(isStoreType('Supermarket')).toBe(false);
  });
});
