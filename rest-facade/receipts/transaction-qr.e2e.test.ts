/**
 * The transaction-QR rows end to end (every status but 429, which the gateway's limiter owns), and a
 * signed-in consumer's terminal claim attached to their account.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from '../../test/harness.js';
import { TEST_OPERATOR_TOKEN } from '../../test/harness.js';
import {
  createBusiness,
  createUser,
  registerApp,
  startOAuthService,
  tokensFor,
} from '../../test/fixtures/oauth.fixtures.js';
import { createStore, createTerminal, recordSale } from '../../test/fixtures/receipts.fixtures.js';
import { rootEntityManager } from '../../subgraphs/kernel/db/orm.js';

let service: TestService;
let storeId: string;
let businessAccountId: string;

beforeAll(async () => {
  service = await startOAuthService();
  businessAccountId = await createBusiness(service, 'owner@receipts.example');
  storeId = await createStore(service, businessAccountId);
});

const sql = <T>(query: string, params: unknown[] = []) =>
  rootEntityManager(service.orm).fork().execute<T[]>(query, params);

const lastReceipt = (terminal: string) => service.rest('GET', `/api/v1/terminals/${terminal}/last-receipt`);
const claim = (terminal: string, body?: unknown, token?: string) =>
  service.rest('POST', `/api/v1/terminals/${terminal}/claim`, token, body);

const rx = (token: string) => service.rest('GET', `/api/v1/rx/${token}`);
const rxClaim = (token: string, body?: unknown, bearer?: string) =>
  service.rest('POST', `/api/v1/rx/${token}/claim`, bearer, body);

describe('GET /api/v1/rx/{claimToken}', () => {
  it('200: the receipt and when the token expires (30 days)', async () => {
    const terminal = await createTerminal(service, storeId);
    const sale = await recordSale(service, terminal);
    const { status, body } = await rx(sale.transactionQrToken);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      receipt: { transactionId: sale.transactionId, publicTerminalId: terminal, totalAmount: 1100 },
    });
    const days = (Date.parse(String(body.expiresAt)) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    const [stored] = await sql<{ token_hash: string }>(
      'select "token_hash" from "transaction_qr_token" where "transaction_id" = ?',
      [sale.transactionId],
    );
    expect(stored?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.token_hash).not.toContain(sale.transactionQrToken);
  });

  it('404 for each reason: unknown, expired, claimed, revoked, transaction deleted', async () => {
    const terminal = await createTerminal(service, storeId);
    expect((await rx('x'.repeat(43))).body).toMatchObject({ status: 404, code: 'unknown_token' });
    expect((await rx('short')).body).toMatchObject({ status: 404, code: 'unknown_token' });
    const expired = await recordSale(service, terminal);
    await sql(
      `update "transaction_qr_token" set "expires_at" = now() - interval '1 second' where "transaction_id" = ?`,
      [expired.transactionId],
    );
    expect((await rx(expired.transactionQrToken)).body).toMatchObject({ status: 404, code: 'token_expired' });
    const claimed = await recordSale(service, terminal);
    expect((await rxClaim(claimed.transactionQrToken)).status).toBe(201);
    expect((await rx(claimed.transactionQrToken)).body).toMatchObject({ status: 404, code: 'token_claimed' });
    const revoked = await recordSale(service, terminal);
    const revoke = await service.graphql(
      'mutation($id: ID!) { revokeTransactionQrToken(transactionId: $id) { id } }',
      { id: revoked.transactionId },
      TEST_OPERATOR_TOKEN,
    );
    expect(revoke.errors).toBeUndefined();
    expect((await rx(revoked.transactionQrToken)).body).toMatchObject({ status: 404, code: 'token_revoked' });
    const deleted = await recordSale(service, terminal);
    await sql('delete from "transaction" where "id" = ?', [deleted.transactionId]);
    expect((await rx(deleted.transactionQrToken)).body).toMatchObject({ status: 404, code: 'transaction_deleted' });
  });
});

describe('POST /api/v1/rx/{claimToken}/claim', () => {
  it('201 once (audit row naming the token, receipt.claimed), then 409 token_already_claimed', async () => {
    const terminal = await createTerminal(service, storeId);
    const sale = await recordSale(service, terminal);
    const { status, body } = await rxClaim(sale.transactionQrToken, { channel: 'web' });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      kind: 'transaction_qr',
      channel: 'web',
      claimedByUser: false,
      receipt: { claimCount: 1 },
    });
    const [audit] = await sql<Record<string, unknown>>('select * from "receipt_claim" where "id" = ?', [body.claimId]);
    const [token] = await sql<{ id: string }>('select "id" from "transaction_qr_token" where "transaction_id" = ?', [
      sale.transactionId,
    ]);
    expect(audit).toMatchObject({ kind: 'transaction_qr', channel: 'web', token_ref: token?.id, user_id: null });
    const events = await sql<{ type: string }>(`select "type" from "outbox_event" where "payload"->>'claimId' = ?`, [
      body.claimId,
    ]);
    expect(events.map((e) => e.type)).toEqual(['receipt.claimed']);
    expect((await rxClaim(sale.transactionQrToken, null)).body).toMatchObject({
      status: 409,
      code: 'token_already_claimed',
    });
  });

  it('400 for a bad channel; 401 for a failing bearer token; 404 unknown, expired, revoked', async () => {
    const terminal = await createTerminal(service, storeId);
    const sale = await recordSale(service, terminal);
    expect((await rxClaim(sale.transactionQrToken, { channel: 'pager' })).body).toMatchObject({
      status: 400,
      errors: [{ path: '/channel' }],
    });
    const badBearer = await rxClaim(sale.transactionQrToken, {}, 'not.a.token');
    expect(badBearer.body).toMatchObject({ status: 401, code: 'invalid_token' });
    expect(badBearer.response.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    expect((await rxClaim('y'.repeat(43))).body).toMatchObject({ status: 404, code: 'unknown_token' });
    await sql(
      `update "transaction_qr_token" set "expires_at" = now() - interval '1 second' where "transaction_id" = ?`,
      [sale.transactionId],
    );
    expect((await rxClaim(sale.transactionQrToken)).body).toMatchObject({ status: 404, code: 'token_expired' });
    const revoked = await recordSale(service, terminal);
    await service.graphql(
      'mutation($id: ID!) { revokeTransactionQrToken(transactionId: $id) { id } }',
      { id: revoked.transactionId },
      TEST_OPERATOR_TOKEN,
    );
    expect((await rxClaim(revoked.transactionQrToken)).body).toMatchObject({ status: 404, code: 'token_revoked' });
  });
});

describe('a consumer signed in', () => {
  it('records a sale, reads the last receipt and claims it into their account', async () => {
    const terminal = await createTerminal(service, storeId);
    const sale = await recordSale(service, terminal);
    const { body: last } = await lastReceipt(terminal);
    const userId = await createUser(service);
    const { accessToken } = await tokensFor(service, await registerApp(service), userId);
    const claimed = await claim(terminal, { claimToken: last.claimToken, channel: 'ios' }, accessToken);
    expect(claimed.status).toBe(201);
    expect(claimed.body).toMatchObject({
      claimedByUser: true,
      channel: 'ios',
      receipt: { transactionId: sale.transactionId },
    });
    const rows = await sql<{ user_id: string; transaction_id: string }>(
      'select "user_id", "transaction_id" from "receipt_claim" where "user_id" = ?',
      [userId],
    );
    expect(rows).toEqual([{ user_id: userId, transaction_id: sale.transactionId }]);
    const events = await sql<{ payload: { claimedByUser: boolean } }>(
      `select "payload" from "outbox_event" where "type" = 'receipt.claimed' and "payload"->>'claimId' = ?`,
      [claimed.body.claimId],
    );
    expect(events[0]?.payload.claimedByUser).toBe(true);
  });
});
