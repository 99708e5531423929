/**
 * Concurrent claims through the facade on PostgreSQL, released together (test/race.ts): the table the
 * claim's first write touches is share-locked until every contender that holds a connection waits on
 * it, so all of them have read before any writes. Skipped, with the reason printed, on the embedded
 * database (one statement at a time cannot interleave contenders).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../test/harness.js';
import { releasedTogether, valuesOf } from '../../../test/race.js';
import { hasPostgres } from '../../../test/requirements.js';
import { createBusiness } from '../../../test/fixtures/oauth.fixtures.js';
import { createStore, createTerminal, recordSale } from '../../../test/fixtures/receipts.fixtures.js';
import { rootEntityManager } from '../../kernel/db/orm.js';

const CONTENDERS = 50;
/** Contenders that can hold a database connection at once (the service's pool of 10, less headroom). */
const WAITERS = 8;

let service: TestService;
let storeId: string;

const postgres = hasPostgres('receipt claim races');

beforeAll(async () => {
  if (!postgres) return;
  service = await startTestService({ demoData: false });
  storeId = await createStore(service, await createBusiness(service, 'race-owner@receipts.example'));
});

const sql = <T>(query: string, params: unknown[] = []) =>
  rootEntityManager(service.orm).fork().execute<T[]>(query, params);

async function post(path: string, body: unknown): Promise<number> {
  const response = await service.call(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}

async function claimRace(allowMultipleClaims: boolean) {
  const terminal = await createTerminal(service, storeId, allowMultipleClaims);
  const sale = await recordSale(service, terminal);
  const last = await service.rest('GET', `/api/v1/terminals/${terminal}/last-receipt`);
  const claim = () => post(`/api/v1/terminals/${terminal}/claim`, { claimToken: last.body.claimToken, channel: 'web' });
  const released = await releasedTogether(
    service.env.databaseUrl!,
    'transaction',
    Array.from({ length: CONTENDERS }, () => claim),
    { waiters: WAITERS },
  );
  expect(released.waiting).toBeGreaterThanOrEqual(WAITERS);
  const statuses = valuesOf(released);
  const audit = await sql<{ n: number }>('select count(*)::int as n from "receipt_claim" where "transaction_id" = ?', [
    sale.transactionId,
  ]);
  const events = await sql<{ n: number }>(
    `select count(*)::int as n from "outbox_event" where "type" = 'receipt.claimed' and "payload"->>'transactionId' = ?`,
    [sale.transactionId],
  );
  const [row] = await sql<{ claim_count: number }>('select "claim_count" from "transaction" where "id" = ?', [
    sale.transactionId,
  ]);
  return { statuses, audit: audit[0]?.n, events: events[0]?.n, claimCount: row?.claim_count };
}

describe.skipIf(!postgres)('concurrent claims', () => {
  it('of one terminal receipt, one claim allowed: exactly one 201, the rest 409, one audit row and one event', async () => {
    const { statuses, audit, events, claimCount } = await claimRace(false);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(CONTENDERS - 1);
    expect({ audit, events, claimCount }).toEqual({ audit: 1, events: 1, claimCount: 1 });
  });

  it('of one terminal receipt, several claims allowed: every anonymous caller gets 201, each counted once', async () => {
    const { statuses, audit, events, claimCount } = await claimRace(true);
    expect(statuses).toEqual(Array.from({ length: CONTENDERS }, () => 201));
    expect({ audit, events, claimCount }).toEqual({ audit: CONTENDERS, events: CONTENDERS, claimCount: CONTENDERS });
  });

  it('of one transaction-QR token: exactly one 201, the rest 409 token_already_claimed', async () => {
    const terminal = await createTerminal(service, storeId);
    const sale = await recordSale(service, terminal);
    const claim = () => post(`/api/v1/rx/${sale.transactionQrToken}/claim`, { channel: 'line' });
    const released = await releasedTogether(
      service.env.databaseUrl!,
      'transaction_qr_token',
      Array.from({ length: CONTENDERS }, () => claim),
      { waiters: WAITERS },
    );
    expect(released.waiting).toBeGreaterThanOrEqual(WAITERS);
    const statuses = valuesOf(released);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(CONTENDERS - 1);
    const audit = await sql<{ n: number }>(
      'select count(*)::int as n from "receipt_claim" where "transaction_id" = ?',
      [sale.transactionId],
    );
    expect(audit[0]?.n).toBe(1);
  });
});
