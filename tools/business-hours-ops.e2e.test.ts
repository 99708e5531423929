/**
 * The operator CLI's business-hours commands end to end: the built `ops.js` as a child process
 * against a one-process service, read back through the public storeBusinessInfo query.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createStore } from '../test/fixtures/receipts.fixtures.js';
import { startTestService, TEST_OPERATOR_TOKEN, type TestService } from '../test/harness.js';
import { runOps as ops } from '../test/ops-runner.js';

let service: TestService;
let connection: string[];
beforeAll(async () => {
  service = await startTestService();
  connection = ['--url', `${service.url}/graphql`, '--token', TEST_OPERATOR_TOKEN];
});

async function run(args: string[]): Promise<Record<string, unknown>> {
  const result = await ops([...args, ...connection]);
  expect(result.code, result.stderr).toBe(0);
  const lines = result.stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]!) as Record<string, unknown>;
}

/** A refused command: exit 2 for an invalid request, 1 otherwise (README). */
async function failure(args: string[], exitCode = 2): Promise<Record<string, unknown>> {
  const result = await ops([...args, ...connection]);
  expect(result.code).toBe(exitCode);
  expect(result.stdout).toBe('');
  return JSON.parse(result.stderr) as Record<string, unknown>;
}

async function hours(storeId: string) {
  const result = await service.graphql<{
    storeBusinessInfo: { regularHours: unknown[]; specialDays: unknown[] };
  }>(
    `query($id: ID!) { storeBusinessInfo(storeId: $id, specialDaysAhead: 366) {
      regularHours { weekday intervals { opens closes } } specialDays { date closed intervals { opens closes } note } } }`,
    { id: storeId },
  );
  expect(result.errors).toBeUndefined();
  return result.data!.storeBusinessInfo;
}

async function newStore(): Promise<string> {
  const { businessAccountId } = await run([
    'business:create',
    '--name',
    '営業時間商店',
    '--owner-email',
    'hours@ope.example',
  ]);
  return createStore(service, String(businessAccountId));
}

/** A store-local date a few days ahead, so it is inside the window whatever today is. */
const soon = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);

describe('npm run ops: business hours', () => {
  it('hours:set sets one weekday to one interval and prints {storeId}', async () => {
    const storeId = await newStore();
    expect(
      await run(['hours:set', '--store', storeId, '--weekday', '5', '--open', '18:00', '--close', '02:00']),
    ).toEqual({
      storeId,
    });
    await run(['hours:set', '--store', storeId, '--weekday=1', '--open=09:00', '--close=17:00']);
    const { regularHours } = await hours(storeId);
    expect(regularHours[4]).toEqual({ weekday: 5, intervals: [{ opens: '18:00', closes: '02:00' }] });
    expect(regularHours[0]).toEqual({ weekday: 1, intervals: [{ opens: '09:00', closes: '17:00' }] });
  });

  it('special-day:add sets a closed day or a day with its own hours and prints {storeId}', async () => {
    const storeId = await newStore();
    expect(await run(['special-day:add', '--store', storeId, '--date', soon, '--closed', '--note', '棚卸し'])).toEqual({
      storeId,
    });
    expect((await hours(storeId)).specialDays).toEqual([{ date: soon, closed: true, intervals: [], note: '棚卸し' }]);
    await run(['special-day:add', '--store', storeId, '--date', soon, '--open', '10:00', '--close', '15:00']);
    expect((await hours(storeId)).specialDays).toEqual([
      { date: soon, closed: false, intervals: [{ opens: '10:00', closes: '15:00' }], note: null },
    ]);
  });

  it('refuses bad flags with a 400 problem and changes nothing', async () => {
    const storeId = await newStore();
    expect(
      await failure(['hours:set', '--store', storeId, '--weekday', 'mon', '--open', '09:00', '--close', '17:00']),
    ).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(
      await failure(['hours:set', '--store', storeId, '--weekday', '8', '--open', '09:00', '--close', '17:00']),
    ).toMatchObject({ status: 400, errors: [{ path: 'weekday' }] });
    expect(
      await failure(['hours:set', '--store', storeId, '--weekday', '2', '--open', '9am', '--close', '17:00']),
    ).toMatchObject({ status: 400, errors: [{ path: 'intervals.0.opens' }] });
    for (const flags of [[], ['--closed', '--open', '10:00', '--close', '12:00'], ['--open', '10:00']]) {
      expect(
        await failure(['special-day:add', '--store', storeId, '--date', soon, ...flags]),
        flags.join(' '),
      ).toMatchObject({
        status: 400,
        code: 'validation_failed',
      });
    }
    expect(await failure(['special-day:add', '--store', storeId, '--date', '2026-02-30', '--closed'])).toMatchObject({
      status: 400,
      errors: [{ path: 'date' }],
    });
    expect(await hours(storeId)).toMatchObject({ specialDays: [] });
    expect(
      (await hours(storeId)).regularHours.every((d) => (d as { intervals: unknown[] }).intervals.length === 0),
    ).toBe(true);
  });

  it('answers an unknown store with a 404 problem', async () => {
    const unknown = '01900000-0000-7000-8000-00000000dead';
    expect(
      await failure(['hours:set', '--store', unknown, '--weekday', '1', '--open', '09:00', '--close', '17:00'], 1),
    ).toMatchObject({ status: 404, code: 'store_not_found' });
  });
});
