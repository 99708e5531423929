/**
 * GET and PUT /api/v1/user/budget through the facade with real user tokens: the effective-budget rule
 * (this month's, else the latest earlier month's, else none), 400 naming each invalid field, 401, 403
 * for a token without the budget scope, isolation between users, and erasure with the account.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  registerApp,
  startOAuthService,
  tokensFor,
  USER_PASSWORD,
} from '../../../test/fixtures/oauth.fixtures.js';
import { TEST_OPERATOR_TOKEN, type TestService } from '../../../test/harness.js';
import { rootEntityManager } from '../../kernel/db/orm.js';

const SPENDING = ['user.spending.read', 'user.spending.write'];

let service: TestService;
let hanako: { userId: string; token: string };
let taro: string;
let readOnly: string;
let noBudgetScope: string;

beforeAll(async () => {
  service = await startOAuthService();
  const app = await registerApp(service, [...SPENDING, 'user.profile.read', 'user.receipts.read']);
  const token = async (userId: string, scopes: string[]) =>
    (await tokensFor(service, app, userId, { scopes })).accessToken;
  const hanakoId = await createUser(service);
  hanako = { userId: hanakoId, token: await token(hanakoId, SPENDING) };
  taro = await token(await createUser(service), SPENDING);
  readOnly = await token(await createUser(service), ['user.spending.read']);
  noBudgetScope = await token(await createUser(service), ['user.profile.read', 'user.receipts.read']);
});

const get = (token: string | undefined, query = '') => service.rest('GET', `/api/v1/user/budget${query}`, token);
const put = (token: string | undefined, body: unknown) => service.rest('PUT', '/api/v1/user/budget', token, body);

describe('the effective budget', () => {
  it('is none before any budget, then this month’s, then carried over to later months until one sets its own', async () => {
    expect((await get(hanako.token, '?year=2031&month=3')).body).toEqual({
      year: 2031,
      month: 3,
      amount: null,
      currency: 'JPY',
      source: 'none',
      setFor: null,
      updatedAt: null,
    });

    const set = await put(hanako.token, { year: 2031, month: 3, amount: 50000, ignored: true });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({
      year: 2031,
      month: 3,
      amount: 50000,
      currency: 'JPY',
      source: 'this_month',
      setFor: { year: 2031, month: 3 },
      updatedAt: expect.stringMatching(/Z$/),
    });
    expect((await get(hanako.token, '?year=2031&month=3')).body).toMatchObject({ amount: 50000, source: 'this_month' });
    // Carried over across a year end, and not backwards.
    expect((await get(hanako.token, '?year=2032&month=1')).body).toMatchObject({
      year: 2032,
      month: 1,
      amount: 50000,
      source: 'earlier_month',
      setFor: { year: 2031, month: 3 },
    });
    expect((await get(hanako.token, '?year=2031&month=2')).body).toMatchObject({ amount: null, source: 'none' });

    await put(hanako.token, { year: 2031, month: 11, amount: 0 });
    expect((await get(hanako.token, '?year=2032&month=1')).body).toMatchObject({
      amount: 0,
      source: 'earlier_month',
      setFor: { year: 2031, month: 11 },
    });
    expect((await get(hanako.token, '?year=2031&month=10')).body).toMatchObject({
      amount: 50000,
      setFor: { year: 2031, month: 3 },
    });
  });

  it('is replaced by a second PUT of the same month (one row per month)', async () => {
    await put(hanako.token, { year: 2040, month: 6, amount: 1000 });
    const again = await put(hanako.token, { year: 2040, month: 6, amount: 2000 });
    expect(again.body).toMatchObject({ amount: 2000, source: 'this_month' });
    expect((await get(hanako.token, '?year=2040&month=6')).body).toMatchObject({ amount: 2000 });
    const rows = await rootEntityManager(service.orm)
      .fork()
      .execute('select count(*)::int as n from "budget" where "user_id" = ? and "year" = 2040', [hanako.userId]);
    expect(rows[0]).toEqual({ n: 1 });
  });

  it('defaults to the current month in Japan (UTC+9, no daylight saving)', async () => {
    const tokyo = new Date(Date.now() + 9 * 3600_000);
    const answer = await get(taro);
    expect(answer.status).toBe(200);
    // Computed again after the call, so a month boundary between the two is told apart from a bug.
    const after = new Date(Date.now() + 9 * 3600_000);
    const expected = [tokyo, after].map((d) => ({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 }));
    expect(expected).toContainEqual({ year: answer.body.year, month: answer.body.month });
  });

  it('is each user’s own: another user sees none of it', async () => {
    await put(hanako.token, { year: 2050, month: 1, amount: 777 });
    expect((await get(taro, '?year=2050&month=1')).body).toMatchObject({ amount: null, source: 'none' });
  });
});

describe('invalid input', () => {
  it.each([
    ['a year before 2000', { year: 1999, month: 1, amount: 1 }, ['/year']],
    ['a year after 2100', { year: 2101, month: 1, amount: 1 }, ['/year']],
    ['month 0 and month 13', { year: 2030, month: 0, amount: 1 }, ['/month']],
    ['a month past 12', { year: 2030, month: 13, amount: 1 }, ['/month']],
    ['a negative amount', { year: 2030, month: 1, amount: -1 }, ['/amount']],
    ['an amount above 100000000', { year: 2030, month: 1, amount: 100_000_001 }, ['/amount']],
    ['an amount beyond int32', { year: 2030, month: 1, amount: 5_000_000_000 }, ['/amount']],
    ['a fractional amount and a text year', { year: '2030', month: 1, amount: 1.5 }, ['/year', '/amount']],
    ['an empty body', {}, ['/year', '/month', '/amount']],
    ['a body that is not an object', [2030, 1, 5], ['']],
  ])('PUT answers 400 for %s, naming every field, and stores nothing', async (_label, body, paths) => {
    const { status, body: problem } = await put(taro, body);
    expect({ status, code: problem.code }).toEqual({ status: 400, code: 'validation_failed' });
    expect((problem.errors as { path: string }[]).map((e) => e.path)).toEqual(paths);
    expect((await get(taro, '?year=2100&month=12')).body).toMatchObject({ source: 'none' });
  });

  it.each([
    ['?year=1999&month=5', ['year']],
    ['?year=2030&month=13', ['month']],
    ['?year=abc', ['year']],
    ['?month=0', ['month']],
  ])('GET answers 400 for %s', async (query, paths) => {
    const { status, body: problem } = await get(taro, query);
    expect({ status, code: problem.code }).toEqual({ status: 400, code: 'validation_failed' });
    expect((problem.errors as { path: string }[]).map((e) => e.path)).toEqual(paths);
  });
});

describe('authorization', () => {
  it('answers 401 without a token or with a bad one', async () => {
    for (const token of [undefined, 'not-a-token']) {
      expect((await get(token)).status).toBe(401);
      expect((await put(token, { year: 2030, month: 1, amount: 1 })).status).toBe(401);
    }
  });

  it('answers 403 naming the missing scope: reading needs user.spending.read, setting user.spending.write', async () => {
    const read = await get(noBudgetScope);
    expect({ status: read.status, code: read.body.code }).toEqual({ status: 403, code: 'insufficient_scope' });
    expect(read.response.headers.get('www-authenticate')).toContain('scope="user.spending.read"');

    const write = await put(readOnly, { year: 2030, month: 1, amount: 1 });
    expect({ status: write.status, code: write.body.code }).toEqual({ status: 403, code: 'insufficient_scope' });
    expect(write.response.headers.get('www-authenticate')).toContain('scope="user.spending.write"');
    expect((await get(readOnly, '?year=2030&month=1')).body).toMatchObject({ source: 'none' });
  });

  it('answers 403 to the operator credential, which is not a consumer', async () => {
    const answer = await get(TEST_OPERATOR_TOKEN);
    expect(answer.status).toBe(403);
  });
});

describe('account deletion', () => {
  it('erases the user’s budgets', async () => {
    const app = await registerApp(service, SPENDING);
    const userId = await createUser(service);
    const { accessToken } = await tokensFor(service, app, userId, { scopes: SPENDING });
    await put(accessToken, { year: 2030, month: 2, amount: 3000 });
    const count = async () =>
      (
        await rootEntityManager(service.orm)
          .fork()
          .execute('select count(*)::int as n from "budget" where "user_id" = ?', [userId])
      )[0];
    expect(await count()).toEqual({ n: 1 });
    const deleted = await service.rest('DELETE', '/api/v1/user/account', accessToken, {
      confirm: true,
      password: USER_PASSWORD,
    });
    expect(deleted.status).toBe(200);
    expect(await count()).toEqual({ n: 0 });
  });
});
