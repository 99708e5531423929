/**
 * The scopes of interface v1: which are business and which user scopes, how a scope string is split
 * (RFC 6749 §3.3), and which audience a request asks for (a mixed one is refused upstream).
 */
import { describe, expect, it } from 'vitest';
import {
  BUSINESS_SCOPES,
  isBusinessScope,
  isScope,
  isUserScope,
  parseScopeString,
  scopeAudience,
  USER_SCOPES,
} from './scopes.js';

describe('scope kinds', () => {
  it('tells business scopes from user scopes, and both from unknown strings', () => {
    for (const scope of BUSINESS_SCOPES) {
      expect([isBusinessScope(scope), isUserScope(scope), isScope(scope)]).toEqual([true, false, true]);
    }
    for (const scope of USER_SCOPES) {
      expect([isBusinessScope(scope), isUserScope(scope), isScope(scope)]).toEqual([false, true, true]);
    }
    for (const scope of ['', 'user', 'store.products', 'admin', 'USER.PROFILE.READ']) {
      expect([isBusinessScope(scope), isUserScope(scope), isScope(scope)]).toEqual([false, false, false]);
    }
  });
});

describe('parseScopeString', () => {
  it('splits on spaces, dropping empty parts and duplicates, in first-seen order', () => {
    expect(parseScopeString('user.profile.read  user.receipts.read user.profile.read ')).toEqual([
      'user.profile.read',
      'user.receipts.read',
    ]);
    expect(parseScopeString('')).toEqual([]);
    expect(parseScopeString('   ')).toEqual([]);
  });
});

describe('scopeAudience', () => {
  it.each([
    [['store.products.read', 'sales.read'], 'business'],
    [['user.profile.read'], 'user'],
    [['store.products.read', 'user.profile.read'], 'mixed'],
    [['user.profile.read', 'unknown'], 'user'],
    [['unknown'], 'none'],
    [[], 'none'],
  ])('%j asks for %s', (scopes, audience) => {
    expect(scopeAudience(scopes)).toBe(audience);
  });
});
