/**
 * reservation-resource:create and reservation:create end to end: the built `ops.js` against a
 * one-process service. The resource is bookable on its slots at once; a second booking of the same
 * time is a 409 slot_taken problem on stderr.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createBusiness } from '../test/fixtures/oauth.fixtures.js';
import { startOAuthService } from '../test/fixtures/oauth.fixtures.js';
import { createStore } from '../test/fixtures/receipts.fixtures.js';
import { at, localDate, openEveryDay } from '../test/fixtures/reservations.fixtures.js';
import { sql } from '../test/fixtures/stores.fixtures.js';
import { TEST_OPERATOR_TOKEN, type TestService } from '../test/harness.js';
import { runOps } from '../test/ops-runner.js';

let service: TestService;
let connection: string[];
let storeId: string;

beforeAll(async () => {
  service = await startOAuthService();
  connection = ['--url', `${service.url}/graphql`, '--token', TEST_OPERATOR_TOKEN];
  storeId = await createStore(service, await createBusiness(service, 'owner@cli-reservations.example'));
  await openEveryDay(service, storeId, [{ opens: '11:00', closes: '22:00' }]);
});

describe('npm run ops -- reservation-resource:create, reservation:create', () => {
  it('creates a resource, books it, and refuses the same time again', async () => {
    const made = await runOps([
      'reservation-resource:create',
      ...['--store', storeId, '--name', '個室', '--kind', 'room', '--capacity', '6', '--slot-minutes', '120'],
      ...['--buffer-minutes', '30', ...connection],
    ]);
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    const { resourceId, ...rest } = JSON.parse(made.stdout.trim()) as { resourceId: string; storeId: string };
    expect(rest).toEqual({ storeId });
    expect(
      await sql(service, 'select "kind", "buffer_minutes" from "reservation_resource" where "id" = ?', [resourceId]),
    ).toEqual([{ kind: 'room', buffer_minutes: 30 }]);

    const startsAt = at(localDate(3), '11:00');
    const book = ['reservation:create', '--resource', resourceId, '--starts', startsAt, '--party', '4'];
    const booked = await runOps([...book, '--guest-name', '田中', '--phone', '03-1234-5678', ...connection]);
    expect(booked.stderr).toBe('');
    expect(JSON.parse(booked.stdout.trim())).toMatchObject({
      startsAt,
      endsAt: at(localDate(3), '13:00'),
      status: 'booked',
    });
    const again = await runOps([...book, '--guest-name', '鈴木', ...connection]);
    expect(again.code).not.toBe(0);
    expect(JSON.parse(again.stderr)).toMatchObject({ status: 409, code: 'slot_taken' });
  });

  it('refuses a capacity that is not an integer (400) and an unknown store (404)', async () => {
    const base = ['reservation-resource:create', '--name', 'x', '--kind', 'seat', '--slot-minutes', '30'];
    const bad = await runOps([...base, '--store', storeId, '--capacity', 'two', ...connection]);
    expect(bad.code).toBe(2);
    expect(JSON.parse(bad.stderr)).toMatchObject({ status: 400 });
    const unknown = await runOps([
      ...base,
      '--store',
      '01900000-0000-7000-8000-000000000000',
      '--capacity',
      '2',
      ...connection,
    ]);
    expect(unknown.code).not.toBe(0);
    expect(JSON.parse(unknown.stderr)).toMatchObject({ status: 404, code: 'store_not_found' });
  });
});
