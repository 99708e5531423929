/** Terminal claim tokens: bound to one terminal and transaction, 10 minutes after the sale, their own type. */
import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../kernel/env.js';
import { CLAIM_TOKEN_CHALLENGE, signClaimToken, verifyClaimToken } from './claim-token.js';

const env = loadEnv({
  NODE_ENV: 'test',
  SECRETS_KEY: randomBytes(32).toString('base64url'),
  PUBLIC_URL: 'https://rx.example',
});
const other = loadEnv({
  NODE_ENV: 'test',
  SECRETS_KEY: randomBytes(32).toString('base64url'),
  PUBLIC_URL: 'https://rx.example',
});
const subject = {
  publicTerminalId: 'TERM000001',
  transactionId: '01900000-0000-7000-8000-000000000001',
  occurredAt: new Date(),
};

async function reason(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => 'accepted',
    (error: { extensions: Record<string, unknown> }) => error.extensions,
  );
}

describe('terminal claim tokens', () => {
  it('verify for their terminal, naming the transaction and a jti; expire 10 minutes after the sale', async () => {
    const { token, expiresAt } = await signClaimToken(env, subject);
    expect(expiresAt.getTime()).toBe(Math.floor(subject.occurredAt.getTime() / 1000) * 1000 + 600_000);
    const claim = await verifyClaimToken(env, token, 'TERM000001');
    expect(claim).toMatchObject({ publicTerminalId: 'TERM000001', transactionId: subject.transactionId });
    expect(claim.jti).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('are refused, with the ClaimToken challenge, for another terminal, another key, expiry or another type', async () => {
    const { token } = await signClaimToken(env, subject);
    const expired = await signClaimToken(env, { ...subject, occurredAt: new Date(Date.now() - 601_000) });
    const foreign = await signClaimToken(other, subject);
    const wrongType = await new SignJWT({ ptid: 'TERM000001' })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .setSubject(subject.transactionId)
      .setJti('x')
      .setExpirationTime('5m')
      .sign(new Uint8Array(32));
    const refused = { code: 'UNAUTHENTICATED', reason: 'invalid_claim_token', challenge: CLAIM_TOKEN_CHALLENGE };
    expect(await reason(verifyClaimToken(env, token, 'TERM000002'))).toEqual(refused);
    expect(await reason(verifyClaimToken(env, foreign.token, 'TERM000001'))).toEqual(refused);
    expect(await reason(verifyClaimToken(env, expired.token, 'TERM000001'))).toEqual(refused);
    expect(await reason(verifyClaimToken(env, wrongType, 'TERM000001'))).toEqual(refused);
    expect(await reason(verifyClaimToken(env, '', 'TERM000001'))).toEqual(refused);
    expect(await reason(verifyClaimToken(env, null, 'TERM000001'))).toEqual(refused);
  });
});
