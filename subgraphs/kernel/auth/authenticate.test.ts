/**
 * The Authorization header to principal step: no header is anonymous; a malformed or unknown bearer
 * token is anonymous marked `invalidToken` (so protected operations answer invalid_token); the operator
 * credential and verified access tokens are their callers. The verifier here stands in for the SQL one
 * (access-token-verifier.int.test.ts tests that against PostgreSQL).
 */
import { describe, expect, it } from 'vitest';
import { Authenticator, type AccessTokenVerifier } from './authenticate.js';
import type { GrantPrincipal } from './principal.js';

const OPERATOR_TOKEN = 'op_operator-token-for-tests-0123456789';
const GRANT: GrantPrincipal = {
  kind: 'user',
  userId: 'u1',
  clientId: 'c1',
  grantId: 'g1',
  scopes: new Set(['user.profile.read']),
  expiresAt: new Date(0),
};

/** Knows one access token; records what it was asked. */
class OneTokenVerifier implements AccessTokenVerifier {
  readonly asked: string[] = [];
  async verify(token: string): Promise<GrantPrincipal | null> {
    this.asked.push(token);
    return token === 'eyJ.valid.token' ? GRANT : null;
  }
}

describe('Authenticator', () => {
  const verifier = new OneTokenVerifier();
  const authenticator = new Authenticator(OPERATOR_TOKEN, verifier);

  it('treats a missing or empty header as anonymous, not as a failed token', async () => {
    expect(await authenticator.authenticate(undefined)).toEqual({ kind: 'anonymous' });
    expect(await authenticator.authenticate('')).toEqual({ kind: 'anonymous' });
  });

  it('recognises the operator credential, with any case of "Bearer" and surrounding blanks', async () => {
    expect(await authenticator.authenticate(`Bearer ${OPERATOR_TOKEN}`)).toEqual({ kind: 'operator' });
    expect(await authenticator.authenticate(`  bearer   ${OPERATOR_TOKEN} `)).toEqual({ kind: 'operator' });
    expect(verifier.asked).not.toContain(OPERATOR_TOKEN);
  });

  it('returns the grant of a token the verifier accepts', async () => {
    expect(await authenticator.authenticate('Bearer eyJ.valid.token')).toBe(GRANT);
  });

  it.each([
    ['an unknown token', 'Bearer eyJ.unknown.token'],
    ['a near miss of the operator token', `Bearer ${OPERATOR_TOKEN}x`],
    ['a prefix of the operator token', `Bearer ${OPERATOR_TOKEN.slice(0, -1)}`],
    ['another scheme', `Basic ${OPERATOR_TOKEN}`],
    ['the scheme alone', 'Bearer'],
    ['no blank after the scheme', `Bearer${OPERATOR_TOKEN}`],
    ['characters outside token68', 'Bearer abc def'],
    ['text before the scheme', `x Bearer ${OPERATOR_TOKEN}`],
    ['padding in the middle', 'Bearer ab=c'],
  ])('marks %s as an invalid token', async (_what, header) => {
    expect(await authenticator.authenticate(header)).toEqual({ kind: 'anonymous', invalidToken: true });
  });

  it('accepts every token68 character and trailing padding', async () => {
    const token = 'aZ09-._~+/==';
    expect(await authenticator.authenticate(`Bearer ${token}`)).toEqual({ kind: 'anonymous', invalidToken: true });
    expect(verifier.asked).toContain(token);
  });

  it('marks every bearer token invalid when there is no verifier', async () => {
    const operatorOnly = new Authenticator(OPERATOR_TOKEN);
    expect(await operatorOnly.authenticate('Bearer eyJ.valid.token')).toEqual({
      kind: 'anonymous',
      invalidToken: true,
    });
    expect(await operatorOnly.authenticate(`Bearer ${OPERATOR_TOKEN}`)).toEqual({ kind: 'operator' });
  });
});
