/**
 * Sign-in throttling per account and per client IP: repeated failures first slow sign-in down (short,
 * doubling locks), then lock the key for a while. Counters live in the `sign_in_throttle` table and
 * change only through single UPSERT statements, so concurrent attempts on any number of service
 * instances are counted exactly (no read-then-write).
 */
import { createHash } from 'node:crypto';
import type { EntityManager } from '../../kernel/db/orm.js';
import { RateLimitedError } from '../../kernel/errors.js';

/** How failures of one kind of key are counted and punished. */
export interface ThrottlePolicy {
  /** Failures within the window that lock the key for {@link lockSeconds}. */
  readonly maxFailures: number;
  /** Length of the counting window, from its first failure. */
  readonly windowSeconds: number;
  /** How long the key stays locked once {@link maxFailures} is reached. */
  readonly lockSeconds: number;
  /**
   * From this many failures (below {@link maxFailures}) each failure locks the key for
   * `slowDownSeconds * 2^(failures - slowDownAfter)`; equal to {@link maxFailures} for no slow-down.
   */
  readonly slowDownAfter: number;
  readonly slowDownSeconds: number;
}

/**
 * Per account: the 3rd and 4th failure within 15 minutes lock sign-in for 2 s and 4 s, the 5th
 * locks it for 15 minutes. A successful sign-in resets it.
 */
export const ACCOUNT_THROTTLE: ThrottlePolicy = Object.freeze({
  maxFailures: 5,
  windowSeconds: 15 * 60,
  lockSeconds: 15 * 60,
  slowDownAfter: 3,
  slowDownSeconds: 2,
});

/**
 * Per client IP: 50 failures within 15 minutes lock the address for 15 minutes, whatever the accounts
 * tried (credential stuffing). Higher than per account because many users share carrier-grade NAT
 * addresses; never reset by a success, so one valid account cannot clear an attacker's counter.
 */
export const IP_THROTTLE: ThrottlePolicy = Object.freeze({
  maxFailures: 50,
  windowSeconds: 15 * 60,
  lockSeconds: 15 * 60,
  slowDownAfter: 50,
  slowDownSeconds: 0,
});

/**
 * Sign-ups per client IP: the 10th within an hour locks the address's sign-ups for an hour (scripted
 * account creation), counted like sign-in failures but in their own key.
 */
export const SIGN_UP_IP_THROTTLE: ThrottlePolicy = Object.freeze({
  maxFailures: 10,
  windowSeconds: 60 * 60,
  lockSeconds: 60 * 60,
  slowDownAfter: 10,
  slowDownSeconds: 0,
});

/** Verification mails per address: 3 within an hour, then none for an hour (mail bombing). */
export const VERIFICATION_MAIL_THROTTLE: ThrottlePolicy = Object.freeze({
  maxFailures: 3,
  windowSeconds: 60 * 60,
  lockSeconds: 60 * 60,
  slowDownAfter: 3,
  slowDownSeconds: 0,
});

/** A counter: its stored key and the policy it follows. */
export interface ThrottleKey {
  readonly id: string;
  readonly policy: ThrottlePolicy;
}

function hashed(kind: 'account' | 'ip' | 'sign-up-ip' | 'verification-mail', value: string): string {
  return `${kind}:${createHash('sha256').update(value).digest('base64url')}`;
}

/** The counter of an account, by its normalised email (hashed: unknown emails are not stored in clear). */
export function accountKey(normalizedEmail: string, policy: ThrottlePolicy = ACCOUNT_THROTTLE): ThrottleKey {
  return { id: hashed('account', normalizedEmail), policy };
}

/** The counter of a client IP address. */
export function ipKey(address: string, policy: ThrottlePolicy = IP_THROTTLE): ThrottleKey {
  return { id: hashed('ip', address), policy };
}

/** The sign-up counter of a client IP address. */
export function signUpIpKey(address: string): ThrottleKey {
  return { id: hashed('sign-up-ip', address), policy: SIGN_UP_IP_THROTTLE };
}

/** The verification-mail counter of a normalized email. */
export function verificationMailKey(normalizedEmail: string): ThrottleKey {
  return { id: hashed('verification-mail', normalizedEmail), policy: VERIFICATION_MAIL_THROTTLE };
}

/** SQL with `?` placeholders and its values in order; fragments nest with {@link sql}. */
interface Fragment {
  readonly text: string;
  readonly params: readonly unknown[];
}

function isFragment(value: unknown): value is Fragment {
  return typeof value === 'object' && value !== null && 'text' in value && 'params' in value;
}

/** Builds a {@link Fragment}: interpolated values become placeholders, fragments are spliced in. */
function sql(strings: TemplateStringsArray, ...values: unknown[]): Fragment {
  let text = strings[0] ?? '';
  const params: unknown[] = [];
  values.forEach((value, i) => {
    if (isFragment(value)) {
      text += value.text;
      params.push(...value.params);
    } else {
      text += '?';
      params.push(value);
    }
    text += strings[i + 1] ?? '';
  });
  return { text, params };
}

/** The lock a failure count earns at `now` under `policy` (null: none). */
function lockFor(failures: Fragment, policy: ThrottlePolicy, now: Date): Fragment {
  const at = now.toISOString();
  const lockedUntil = new Date(now.getTime() + policy.lockSeconds * 1000).toISOString();
  return sql`case
    when ${failures} >= ${policy.maxFailures}::int then ${lockedUntil}::timestamptz
    when ${failures} >= ${policy.slowDownAfter}::int then ${at}::timestamptz
      + make_interval(secs => ${policy.slowDownSeconds}::int * power(2, ${failures} - ${policy.slowDownAfter}::int))
  end`;
}

/** The state of a counter after a failure was recorded. */
export interface FailureCount {
  readonly failures: number;
  readonly lockedUntil: Date | null;
}

/** Counts failed sign-ins and refuses locked keys; `clock` is injectable for tests. */
export class SignInThrottler {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Seconds until every given key is free again (rounded up); 0 when none is locked. */
  async retryAfter(keys: readonly ThrottleKey[]): Promise<number> {
    if (keys.length === 0) return 0;
    const now = this.clock();
    const placeholders = keys.map(() => '?').join(', ');
    const rows = await this.em.execute<{ locked_until: Date | string | null }[]>(
      `select max("locked_until") as "locked_until" from "sign_in_throttle"
       where "key" in (${placeholders}) and "locked_until" > ?::timestamptz`,
      [...keys.map((k) => k.id), now.toISOString()],
    );
    const lockedUntil = rows[0]?.locked_until;
    if (!lockedUntil) return 0;
    return Math.max(1, Math.ceil((new Date(lockedUntil).getTime() - now.getTime()) / 1000));
  }

  /** Throws RATE_LIMITED (with `retryAfter` seconds) when any of the keys is locked. */
  async assertNotLocked(keys: readonly ThrottleKey[], what = 'failed sign-in attempts'): Promise<void> {
    const seconds = await this.retryAfter(keys);
    if (seconds > 0) {
      throw new RateLimitedError(`Too many ${what}. Try again in ${seconds} seconds.`, seconds);
    }
  }

  /** Counts one failure on `key` in a single UPSERT; a lock it earns never shortens an existing one. */
  async recordFailure(key: ThrottleKey): Promise<FailureCount> {
    const now = this.clock();
    const windowStart = new Date(now.getTime() - key.policy.windowSeconds * 1000).toISOString();
    const next = sql`(case when t."window_started_at" <= ${windowStart}::timestamptz then 1 else t."failures" + 1 end)`;
    const statement = sql`insert into "sign_in_throttle" as t ("key", "failures", "window_started_at", "locked_until")
      values (${key.id}, 1, ${now.toISOString()}::timestamptz, ${lockFor(sql`1`, key.policy, now)})
      on conflict ("key") do update set
        "failures" = ${next},
        "window_started_at" = case when t."window_started_at" <= ${windowStart}::timestamptz
          then excluded."window_started_at" else t."window_started_at" end,
        "locked_until" = greatest(t."locked_until", ${lockFor(next, key.policy, now)})
      returning "failures", "locked_until"`;
    const rows = await this.em.execute<{ failures: number; locked_until: Date | string | null }[]>(statement.text, [
      ...statement.params,
    ]);
    const row = rows[0];
    return {
      failures: Number(row?.failures ?? 0),
      lockedUntil: row?.locked_until ? new Date(row.locked_until) : null,
    };
  }

  /** Forgets the failures of `key` (after a successful sign-in). */
  async reset(key: ThrottleKey): Promise<void> {
    await this.em.execute('delete from "sign_in_throttle" where "key" = ?', [key.id]);
  }
}
