/**
 * The checks services make on their first line: who is refused with UNAUTHENTICATED (401, and
 * `invalid_token` when a token was sent and failed) and who with FORBIDDEN (403, naming the scope a
 * grant of the right kind lacks), with the messages and reasons the facade passes on.
 */
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import {
  requireAuthenticated,
  requireBusinessScope,
  requireOperator,
  requireUser,
  requireUserScope,
} from './access.js';
import { ANONYMOUS, INVALID_TOKEN, type Principal } from './principal.js';

const facts = (scopes: string[]) => ({
  userId: 'u1',
  clientId: 'c1',
  grantId: 'g1',
  scopes: new Set(scopes),
  expiresAt: new Date(0),
});
const OPERATOR: Principal = { kind: 'operator' };
const USER = { kind: 'user', ...facts(['user.profile.read']) } as const;
const BUSINESS = { kind: 'business', businessAccountId: 'b1', ...facts(['store.products.read']) } as const;

/** What a check threw: code, reason, scope and message, or 'allowed'. */
function refusal(check: () => unknown): Record<string, unknown> | 'allowed' {
  try {
    check();
    return 'allowed';
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    const { code, reason, scope } = (error as AppError).extensions as Record<string, unknown>;
    return { code, reason, ...(scope === undefined ? {} : { scope }), message: (error as AppError).message };
  }
}

const NO_TOKEN = { code: 'UNAUTHENTICATED', reason: 'unauthenticated', message: 'Authentication is required.' };
const BAD_TOKEN = {
  code: 'UNAUTHENTICATED',
  reason: 'invalid_token',
  message: 'The access token is invalid, expired or revoked.',
};

describe('requireOperator', () => {
  it('lets the operator through and refuses everyone else', () => {
    expect(refusal(() => requireOperator(OPERATOR))).toBe('allowed');
    expect(refusal(() => requireOperator(ANONYMOUS))).toEqual(NO_TOKEN);
    expect(refusal(() => requireOperator(INVALID_TOKEN))).toEqual(BAD_TOKEN);
    const forbidden = {
      code: 'FORBIDDEN',
      reason: 'operator_only',
      message: 'This action is reserved for operators.',
    };
    expect(refusal(() => requireOperator(USER))).toEqual(forbidden);
    expect(refusal(() => requireOperator(BUSINESS))).toEqual(forbidden);
  });
});

describe('requireAuthenticated', () => {
  it('returns any authenticated caller and refuses anonymous ones', () => {
    expect(requireAuthenticated(OPERATOR)).toBe(OPERATOR);
    expect(requireAuthenticated(USER)).toBe(USER);
    expect(requireAuthenticated(BUSINESS)).toBe(BUSINESS);
    expect(refusal(() => requireAuthenticated(ANONYMOUS))).toEqual(NO_TOKEN);
    expect(refusal(() => requireAuthenticated(INVALID_TOKEN))).toEqual(BAD_TOKEN);
  });
});

describe('requireUserScope', () => {
  it('returns a user grant holding the scope', () => {
    expect(requireUserScope(USER, 'user.profile.read')).toBe(USER);
  });

  it('refuses a user grant without the scope with insufficient_scope naming it', () => {
    expect(refusal(() => requireUserScope(USER, 'user.receipts.read'))).toEqual({
      code: 'FORBIDDEN',
      reason: 'insufficient_scope',
      scope: 'user.receipts.read',
      message: 'The token lacks the user.receipts.read scope.',
    });
  });

  it('refuses other callers: anonymous 401, operator and business tokens 403 user_token_required', () => {
    expect(refusal(() => requireUserScope(ANONYMOUS, 'user.profile.read'))).toEqual(NO_TOKEN);
    expect(refusal(() => requireUserScope(INVALID_TOKEN, 'user.profile.read'))).toEqual(BAD_TOKEN);
    const wrongKind = {
      code: 'FORBIDDEN',
      reason: 'user_token_required',
      scope: 'user.profile.read',
      message: 'This operation needs a user token.',
    };
    expect(refusal(() => requireUserScope(OPERATOR, 'user.profile.read'))).toEqual(wrongKind);
    expect(refusal(() => requireUserScope(BUSINESS, 'user.profile.read'))).toEqual(wrongKind);
  });
});

describe('requireBusinessScope', () => {
  it('returns a business grant holding the scope', () => {
    expect(requireBusinessScope(BUSINESS, 'store.products.read')).toBe(BUSINESS);
  });

  it('refuses a business grant without the scope with insufficient_scope naming it', () => {
    expect(refusal(() => requireBusinessScope(BUSINESS, 'store.orders.read'))).toEqual({
      code: 'FORBIDDEN',
      reason: 'insufficient_scope',
      scope: 'store.orders.read',
      message: 'The token lacks the store.orders.read scope.',
    });
  });

  it('refuses other callers: anonymous 401, operator and user tokens 403 business_token_required', () => {
    expect(refusal(() => requireBusinessScope(ANONYMOUS, 'store.products.read'))).toEqual(NO_TOKEN);
    expect(refusal(() => requireBusinessScope(INVALID_TOKEN, 'store.products.read'))).toEqual(BAD_TOKEN);
    const wrongKind = {
      code: 'FORBIDDEN',
      reason: 'business_token_required',
      scope: 'store.products.read',
      message: 'This operation needs a business token.',
    };
    expect(refusal(() => requireBusinessScope(OPERATOR, 'store.products.read'))).toEqual(wrongKind);
    expect(refusal(() => requireBusinessScope(USER, 'store.products.read'))).toEqual(wrongKind);
  });
});

describe('requireUser', () => {
  it('returns any user grant, whatever its scopes, and refuses everyone else', () => {
    const noScopes = { kind: 'user', ...facts([]) } as const;
    expect(requireUser(noScopes)).toBe(noScopes);
    expect(refusal(() => requireUser(ANONYMOUS))).toEqual(NO_TOKEN);
    expect(refusal(() => requireUser(INVALID_TOKEN))).toEqual(BAD_TOKEN);
    const wrongKind = {
      code: 'FORBIDDEN',
      reason: 'user_token_required',
      message: 'This operation needs a user token.',
    };
    expect(refusal(() => requireUser(OPERATOR))).toEqual(wrongKind);
    expect(refusal(() => requireUser(BUSINESS))).toEqual(wrongKind);
  });
});
