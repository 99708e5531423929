import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedDatabase, type MigratedDatabase } from '../../../test/fixtures/migrated-database.js';
import { RACE_ROUNDS, releasedTogether, valuesOf } from '../../../test/race.js';
import { hasPostgres } from '../../../test/requirements.js';
import { rootEntityManager, type Orm } from '../../kernel/db/orm.js';
import { AppError } from '../../kernel/errors.js';
import {
  accountKey,
  ACCOUNT_THROTTLE,
  IP_THROTTLE,
  ipKey,
  SIGN_UP_IP_THROTTLE,
  SignInThrottler,
  signUpIpKey,
  VERIFICATION_MAIL_THROTTLE,
  verificationMailKey,
  type ThrottlePolicy,
} from './sign-in-throttle.js';

let database: MigratedDatabase;
let orm: Orm;
let now: Date;
const clock = () => now;
const advance = (seconds: number) => (now = new Date(now.getTime() + seconds * 1000));
/** A throttler on its own EntityManager, as each request (or service instance) has. */
const throttler = () => new SignInThrottler(rootEntityManager(orm).fork(), clock);
let serial = 0;
/** A run's own prefix: under mutation testing the database outlives a run (test/fixtures/migrated-database.ts). */
const run = randomBytes(6).toString('hex');
const freshAccount = (policy?: ThrottlePolicy) => accountKey(`user${++serial}-${run}@example.com`, policy);

beforeAll(async () => {
  database = await openMigratedDatabase();
  orm = database.orm;
});

afterAll(() => database?.close());

describe('SignInThrottler', () => {
  it('slows down from the 3rd failure and locks for 15 minutes at the 5th', async () => {
    now = new Date('2030-01-01T00:00:00Z');
    const key = freshAccount();
    const t = throttler();
    expect(await t.recordFailure(key)).toEqual({ failures: 1, lockedUntil: null });
    expect(await t.recordFailure(key)).toEqual({ failures: 2, lockedUntil: null });
    expect(await t.retryAfter([key])).toBe(0);
    expect((await t.recordFailure(key)).lockedUntil).toEqual(new Date('2030-01-01T00:00:02Z'));
    expect(await t.retryAfter([key])).toBe(2);
    advance(2);
    expect(await t.retryAfter([key])).toBe(0);
    expect((await t.recordFailure(key)).lockedUntil).toEqual(new Date('2030-01-01T00:00:06Z'));
    advance(4);
    const fifth = await t.recordFailure(key);
    expect(fifth).toEqual({ failures: 5, lockedUntil: new Date('2030-01-01T00:15:06Z') });
    expect(await t.retryAfter([key])).toBe(15 * 60);
    advance(15 * 60 - 1);
    expect(await t.retryAfter([key])).toBe(1);
    advance(1);
    expect(await t.retryAfter([key])).toBe(0);
  });

  it('answers a locked key with RATE_LIMITED and retryAfter seconds', async () => {
    now = new Date('2030-01-02T00:00:00Z');
    const key = freshAccount();
    const t = throttler();
    for (let i = 0; i < ACCOUNT_THROTTLE.maxFailures; i++) await t.recordFailure(key);
    const error = await t.assertNotLocked([ipKey('203.0.113.9'), key]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: 900 });
    await expect(t.assertNotLocked([ipKey('203.0.113.9')])).resolves.toBeUndefined();
  });

  it('starts a new window once the old one has passed', async () => {
    now = new Date('2030-01-03T00:00:00Z');
    const key = freshAccount();
    const t = throttler();
    await t.recordFailure(key);
    await t.recordFailure(key);
    advance(ACCOUNT_THROTTLE.windowSeconds);
    expect(await t.recordFailure(key)).toEqual({ failures: 1, lockedUntil: null });
  });

  it('forgets the failures of a key on reset, and only of that key', async () => {
    now = new Date('2030-01-04T00:00:00Z');
    const account = freshAccount();
    const ip = ipKey(`198.51.100.7#${run}`);
    const t = throttler();
    for (let i = 0; i < 5; i++) {
      await t.recordFailure(account);
      await t.recordFailure(ip);
    }
    expect(await t.retryAfter([account])).toBe(900);
    await t.reset(account);
    expect(await t.retryAfter([account])).toBe(0);
    expect((await t.recordFailure(account)).failures).toBe(1);
    expect((await t.recordFailure(ip)).failures).toBe(6);
  });

  it('stores hashed keys only', async () => {
    const key = accountKey('someone@example.com');
    expect(key.id).toMatch(/^account:[A-Za-z0-9_-]{43}$/);
    expect(key.id).not.toContain('someone');
    expect(ipKey('192.0.2.1').id).toMatch(/^ip:[A-Za-z0-9_-]{43}$/);
  });
});

describe('SignInThrottler, each rule', () => {
  it('answers 0 for no keys, and rounds a part second up', async () => {
    now = new Date('2030-01-10T00:00:00Z');
    const key = freshAccount();
    const t = throttler();
    expect(await t.retryAfter([])).toBe(0);
    for (let i = 0; i < 3; i++) await t.recordFailure(key);
    now = new Date(now.getTime() + 500);
    expect(await t.retryAfter([key])).toBe(2);
    now = new Date(now.getTime() + 1499);
    expect(await t.retryAfter([key])).toBe(1);
  });

  it('says what was throttled and for how long', async () => {
    now = new Date('2030-01-11T00:00:00Z');
    const key = freshAccount();
    const t = throttler();
    for (let i = 0; i < 5; i++) await t.recordFailure(key);
    await expect(t.assertNotLocked([key])).rejects.toThrow(
      'Too many failed sign-in attempts. Try again in 900 seconds.',
    );
    await expect(t.assertNotLocked([key], 'sign-ups')).rejects.toThrow('Too many sign-ups. Try again in 900 seconds.');
  });

  it('never shortens a lock: a failure in a new window keeps the longer lock', async () => {
    now = new Date('2030-01-12T00:00:00Z');
    const policy = { maxFailures: 3, windowSeconds: 10, lockSeconds: 100, slowDownAfter: 1, slowDownSeconds: 1 };
    const key = freshAccount(policy);
    const t = throttler();
    expect((await t.recordFailure(key)).lockedUntil).toEqual(new Date('2030-01-12T00:00:01Z'));
    expect((await t.recordFailure(key)).lockedUntil).toEqual(new Date('2030-01-12T00:00:02Z'));
    expect((await t.recordFailure(key)).lockedUntil).toEqual(new Date('2030-01-12T00:01:40Z'));
    advance(10);
    expect(await t.recordFailure(key)).toEqual({ failures: 1, lockedUntil: new Date('2030-01-12T00:01:40Z') });
    expect(await t.retryAfter([key])).toBe(90);
  });

  it('keeps the window until it has fully passed', async () => {
    now = new Date('2030-01-13T00:00:00Z');
    const key = freshAccount();
    const t = throttler();
    await t.recordFailure(key);
    advance(ACCOUNT_THROTTLE.windowSeconds - 1);
    expect((await t.recordFailure(key)).failures).toBe(2);
    advance(1);
    expect((await t.recordFailure(key)).failures).toBe(1);
  });

  it('has a counter of its own for each kind of key, with its policy', () => {
    expect(signUpIpKey('192.0.2.1')).toEqual({
      id: expect.stringMatching(/^sign-up-ip:[A-Za-z0-9_-]{43}$/),
      policy: SIGN_UP_IP_THROTTLE,
    });
    expect(verificationMailKey('a@example.com')).toEqual({
      id: expect.stringMatching(/^verification-mail:[A-Za-z0-9_-]{43}$/),
      policy: VERIFICATION_MAIL_THROTTLE,
    });
    expect(ipKey('192.0.2.1').policy).toBe(IP_THROTTLE);
    expect(accountKey('a@example.com').policy).toBe(ACCOUNT_THROTTLE);
    expect(accountKey('a@example.com').id).not.toBe(accountKey('b@example.com').id);
    expect(ipKey('192.0.2.1').id.slice(3)).toBe(accountKey('192.0.2.1').id.slice(8));
  });
});

const racesRun = hasPostgres('sign-in throttle races');

describe.skipIf(!racesRun)('SignInThrottler races (PostgreSQL: contenders released together)', () => {
  const race = (key: ReturnType<typeof freshAccount>, n: number) =>
    releasedTogether(
      database.env.databaseUrl!,
      'sign_in_throttle',
      Array.from({ length: n }, () => () => throttler().recordFailure(key)),
      // The ORM pool has 10 connections: the rest queue for one, not for the lock.
      { waiters: Math.min(n, 10) },
    );

  it('counts concurrent failures exactly: N in parallel give the counts 1..N', async () => {
    for (let round = 0; round < RACE_ROUNDS; round++) {
      now = new Date(`2030-01-0${5 + round}T00:00:00Z`);
      const n = 20;
      const key = freshAccount({ ...ACCOUNT_THROTTLE, maxFailures: 1000, slowDownAfter: 1000 });
      await throttler().recordFailure(key); // the row exists: every contender updates it
      const released = await race(key, n);
      expect(released.waiting, `round ${round}`).toBe(10);
      const counts = valuesOf(released).map((r) => r.failures);
      expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i + 2));
      expect((await throttler().recordFailure(key)).failures).toBe(n + 2);
    }
  });

  it('locks exactly once the threshold is crossed by concurrent failures', async () => {
    for (let round = 0; round < RACE_ROUNDS; round++) {
      now = new Date(`2030-02-0${1 + round}T00:00:00Z`);
      const key = freshAccount();
      const released = await race(key, 5);
      expect(released.waiting, `round ${round}`).toBe(5);
      expect(valuesOf(released).filter((r) => r.failures === 5)).toHaveLength(1);
      expect(await throttler().retryAfter([key])).toBe(900);
    }
  });
});
