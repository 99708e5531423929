/**
 * The terminal receipt rows end to end: every status of last-receipt and of the terminal claim (but
 * 429, which the gateway's limiter owns), the claim token's carriers and its challenge, the audit
 * rows and outbox events.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from '../../test/harness.js';
import {
  createBusiness,
  createUser,
  registerApp,
  startOAuthService,
  tokensFor,
} from '../../test/fixtures/oauth.fixtures.js';
import { createStore, createTerminal, recordSale } from '../../test/fixtures/receipts.fixtures.js';
import { rootEntityManager } from '../../subgraphs/kernel/db/orm.js';
import { signClaimToken } from '../../subgraphs/receipts/claim/claim-token.js';
import { queriesDuring } from '../../test/fixtures/query-log.js';

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

/** A terminal with one fresh sale; the last-receipt answer. */
async function freshReceipt(allowMultipleClaims = false) {
  const terminal = await createTerminal(service, storeId, allowMultipleClaims);
  const sale = await recordSale(service, terminal);
  const answer = await lastReceipt(terminal);
  expect(answer.status).toBe(200);
  return { terminal, sale, claimToken: answer.body.claimToken as string, body: answer.body };
}

describe('GET /api/v1/terminals/{publicTerminalId}/last-receipt', () => {
  it('200: the latest receipt with its amounts and a claim token expiring 10 minutes after the sale', async () => {
    const terminal = await createTerminal(service, storeId);
    await recordSale(service, terminal, { occurredAt: new Date(Date.now() - 60_000).toISOString() });
    const latest = await recordSale(service, terminal);
    const { status, body, response } = await lastReceipt(terminal);
    expect(status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(body).toMatchObject({
      publicTerminalId: terminal,
      allowMultipleClaims: false,
      receipt: {
        transactionId: latest.transactionId,
        publicTerminalId: terminal,
        storeId,
        storeName: 'レシート商店',
        currency: 'JPY',
        totalAmount: 1100,
        subtotalAmount: 1000,
        taxAmount: 100,
        taxes: [{ rateBasisPoints: 1000, taxableAmount: 1100, taxAmount: 100 }],
        items: [
          { name: 'おにぎり', unitPrice: 150, quantity: 2 },
          { name: 'お茶', unitPrice: 800, quantity: 1 },
        ],
        claimCount: 0,
      },
    });
    const occurredAt = Date.parse(String((body.receipt as { occurredAt: string }).occurredAt));
    const expiresAt = Date.parse(String(body.claimTokenExpiresAt));
    expect(Math.abs(expiresAt - (occurredAt + 600_000))).toBeLessThan(1000);
    expect(String(body.claimToken).split('.')).toHaveLength(3);
  });

  it('404 for each reason: unknown terminal, no transaction, expired, claimed', async () => {
    expect((await lastReceipt('NOSUCH0001')).body).toMatchObject({ status: 404, code: 'terminal_not_found' });
    expect((await lastReceipt('abc')).body).toMatchObject({ status: 404, code: 'terminal_not_found' });
    const empty = await createTerminal(service, storeId);
    expect((await lastReceipt(empty)).body).toMatchObject({ status: 404, code: 'no_transaction' });
    const old = await createTerminal(service, storeId);
    await recordSale(service, old, { occurredAt: new Date(Date.now() - 11 * 60_000).toISOString() });
    expect((await lastReceipt(old)).body).toMatchObject({ status: 404, code: 'receipt_expired' });
    const { terminal, claimToken } = await freshReceipt();
    expect((await claim(terminal, { claimToken })).status).toBe(201);
    expect((await lastReceipt(terminal)).body).toMatchObject({ status: 404, code: 'receipt_claimed' });
  });

  it('stays 200 after a claim when the terminal allows several claims', async () => {
    const { terminal, claimToken } = await freshReceipt(true);
    expect((await claim(terminal, { claimToken })).status).toBe(201);
    const again = await lastReceipt(terminal);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ allowMultipleClaims: true, receipt: { claimCount: 1 } });
  });
});

describe('POST /api/v1/terminals/{publicTerminalId}/claim', () => {
  it('201 anonymous with the token in the body: the receipt, an audit row and receipt.claimed', async () => {
    const { terminal, sale, claimToken } = await freshReceipt();
    const { status, body } = await claim(terminal, { claimToken, channel: 'line' });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      kind: 'terminal',
      channel: 'line',
      claimedByUser: false,
      receipt: { transactionId: sale.transactionId, claimCount: 1, totalAmount: 1100 },
    });
    const [audit] = await sql<Record<string, unknown>>('select * from "receipt_claim" where "id" = ?', [body.claimId]);
    expect(audit).toMatchObject({
      transaction_id: sale.transactionId,
      kind: 'terminal',
      channel: 'line',
      user_id: null,
    });
    expect(audit?.client_ip).toMatch(/127\.0\.0\.1/);
    const jti = (JSON.parse(Buffer.from(claimToken.split('.')[1]!, 'base64url').toString()) as { jti: string }).jti;
    expect(audit?.token_ref).toBe(jti);
    const events = await sql<{ type: string; business_account_id: string; payload: Record<string, unknown> }>(
      // The sale's order events (issue 14) name the transaction too; this test is about the receipt's.
      `select "type", "business_account_id", "payload" from "outbox_event" where "payload"->>'transactionId' = ?
       and "type" in ('purchase.completed', 'receipt.claimed') order by "occurred_at"`,
      [sale.transactionId],
    );
    expect(events.map((e) => e.type)).toEqual(['purchase.completed', 'receipt.claimed']);
    expect(events[1]).toMatchObject({
      business_account_id: businessAccountId,
      payload: {
        storeId,
        publicTerminalId: terminal,
        totalAmount: 1100,
        currency: 'JPY',
        claimId: body.claimId,
        kind: 'terminal',
        channel: 'line',
        claimedByUser: false,
      },
    });
    // The sale's facts read alike in both events (purchase.completed's are written from the entity).
    const facts = ['transactionId', 'storeId', 'publicTerminalId', 'totalAmount', 'currency', 'occurredAt'];
    const saleFacts = (payload: Record<string, unknown>) => facts.map((fact) => payload[fact]);
    expect(saleFacts(events[1]!.payload)).toEqual(saleFacts(events[0]!.payload));
    expect(events[1]!.payload.occurredAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('201 in one statement: count, audit row and event, with the terminal read in the same statement', async () => {
    const { terminal, claimToken } = await freshReceipt();
    const { result, queries } = await queriesDuring(service.orm, () => claim(terminal, { claimToken }));
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({ receipt: { claimCount: 1, publicTerminalId: terminal } });
    expect(queries).toHaveLength(1);
    expect(queries[0]).toMatch(
      /^\s*with "at_terminal" as \(\s*select \* from "terminal"[\s\S]*update "transaction"[\s\S]*insert into "receipt_claim"[\s\S]*insert into "outbox_event"/,
    );
  });

  it('201 with the token in X-Claim-Token and no body, and with a null body', async () => {
    const first = await freshReceipt(true);
    const response = await service.call(`/api/v1/terminals/${first.terminal}/claim`, {
      method: 'POST',
      headers: { 'x-claim-token': first.claimToken },
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ kind: 'terminal', channel: null, claimedByUser: false });
    const withNull = await service.call(`/api/v1/terminals/${first.terminal}/claim`, {
      method: 'POST',
      headers: { 'x-claim-token': first.claimToken, 'content-type': 'application/json' },
      body: 'null',
    });
    expect(withNull.status).toBe(201);
  });

  it('400 for a channel outside the list or a body that is not an object', async () => {
    const { terminal, claimToken } = await freshReceipt();
    const bad = await claim(terminal, { claimToken, channel: 'fax' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'validation_failed', errors: [{ path: '/channel' }] });
    expect((await claim(terminal, [claimToken])).status).toBe(400);
    expect((await claim(terminal, { claimToken: 42 })).body).toMatchObject({
      status: 400,
      errors: [{ path: '/claimToken' }],
    });
    // Nothing was claimed by the refused requests.
    expect((await lastReceipt(terminal)).status).toBe(200);
  });

  it('401 with the ClaimToken challenge for a missing, malformed, forged, expired or foreign claim token', async () => {
    const { terminal, sale, claimToken } = await freshReceipt();
    const other = await freshReceipt();
    const expired = await signClaimToken(service.env, {
      publicTerminalId: terminal,
      transactionId: sale.transactionId,
      occurredAt: new Date(Date.now() - 11 * 60_000),
    });
    const [header, payload] = claimToken.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    const user = await createUser(service);
    const app = await registerApp(service);
    const { accessToken } = await tokensFor(service, app, user);
    for (const token of [undefined, '', 'not-a-jws', forged, expired.token, other.claimToken, accessToken]) {
      const answer = await claim(terminal, token === undefined ? {} : { claimToken: token });
      expect(answer.body, String(token)).toMatchObject({ status: 401, code: 'invalid_claim_token' });
      expect(answer.response.headers.get('www-authenticate')).toBe(
        'ClaimToken realm="receipts", error="invalid_claim_token"',
      );
    }
    // A valid bearer token is not blamed for a bad claim token.
    const withBearer = await claim(terminal, { claimToken: 'not-a-jws' }, accessToken);
    expect(withBearer.response.headers.get('www-authenticate')).not.toMatch(/^Bearer/);
    expect((await claim(terminal, { claimToken })).status).toBe(201);
  });

  it('401 invalid_token with the Bearer challenge when a bearer token is sent and fails', async () => {
    const { terminal, claimToken } = await freshReceipt();
    const answer = await claim(terminal, { claimToken }, 'not.a.token');
    expect(answer.body).toMatchObject({ status: 401, code: 'invalid_token' });
    expect(answer.response.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
  });

  it('404 for an unknown terminal, and for a token whose transaction is gone', async () => {
    const { claimToken } = await freshReceipt();
    expect((await claim('NOSUCH0001', { claimToken })).body).toMatchObject({ status: 404, code: 'terminal_not_found' });
    const terminal = await createTerminal(service, storeId);
    const ghost = await signClaimToken(service.env, {
      publicTerminalId: terminal,
      transactionId: '01900000-0000-7000-8000-000000000000',
      occurredAt: new Date(),
    });
    expect((await claim(terminal, { claimToken: ghost.token })).body).toMatchObject({
      status: 404,
      code: 'receipt_not_claimable',
    });
  });

  it('409 receipt_already_claimed says "already in your receipts" to the user who holds it, not to others', async () => {
    const single = await freshReceipt();
    const app = await registerApp(service);
    const { accessToken } = await tokensFor(service, app, await createUser(service));
    expect((await claim(single.terminal, { claimToken: single.claimToken }, accessToken)).status).toBe(201);
    const again = (await claim(single.terminal, { claimToken: single.claimToken }, accessToken)).body;
    expect(again).toMatchObject({ status: 409, code: 'receipt_already_claimed' });
    expect(again.detail).toBe('This receipt is already in your receipts.');
    const other = (await claim(single.terminal, { claimToken: single.claimToken })).body;
    expect(other).toMatchObject({ status: 409, code: 'receipt_already_claimed' });
    expect(other.detail).not.toContain('your receipts');
    const multi = await freshReceipt(true);
    expect((await claim(multi.terminal, { claimToken: multi.claimToken }, accessToken)).status).toBe(201);
    expect((await claim(multi.terminal, { claimToken: multi.claimToken }, accessToken)).body.detail).toBe(
      'This receipt is already in your receipts.',
    );
  });

  it('409 on the second claim; with several claims allowed, 409 only when the same user claims again', async () => {
    const single = await freshReceipt();
    expect((await claim(single.terminal, { claimToken: single.claimToken })).status).toBe(201);
    expect((await claim(single.terminal, { claimToken: single.claimToken })).body).toMatchObject({
      status: 409,
      code: 'receipt_already_claimed',
    });
    const multi = await freshReceipt(true);
    const app = await registerApp(service);
    const { accessToken } = await tokensFor(service, app, await createUser(service));
    expect((await claim(multi.terminal, { claimToken: multi.claimToken }, accessToken)).status).toBe(201);
    expect((await claim(multi.terminal, { claimToken: multi.claimToken })).status).toBe(201);
    expect((await claim(multi.terminal, { claimToken: multi.claimToken }, accessToken)).body).toMatchObject({
      status: 409,
      code: 'receipt_already_claimed',
    });
    const [row] = await sql<{ claim_count: number }>('select "claim_count" from "transaction" where "id" = ?', [
      multi.sale.transactionId,
    ]);
    expect(row?.claim_count).toBe(2);
  });
});
