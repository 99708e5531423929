/**
 * Identity housekeeping against a real database: rows that can no longer change an answer go, live
 * ones and the security log stay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/fixtures/database.js';
import { ALL_ENTITIES } from '../../index.js';
import { createOrm, migrate, rootEntityManager, type EntityManager, type Orm } from '../../kernel/db/orm.js';
import { uuidv7 } from '../../kernel/db/uuid.js';
import { CODE_REPLAY_RETENTION_MS, sweepIdentity, THROTTLE_RETENTION_MS } from './housekeeping.job.js';

const MINUTE = 60_000;
let database: TestDatabase;
let orm: Orm;
let userId: string;
let serial = 0;

const em = (): EntityManager => rootEntityManager(orm).fork();
const at = (offsetMs: number): Date => new Date(Date.now() + offsetMs);
const hash = (): string => (++serial).toString(16).padStart(64, '0');

async function ids(table: string, key = 'id'): Promise<string[]> {
  const rows = await em().execute<Record<string, string>[]>(`select "${key}" from "${table}"`);
  return rows.map((row) => row[key] ?? '');
}

async function insertCode(expiresAt: Date, consumedAt: Date | null = null): Promise<string> {
  const id = uuidv7();
  await em().execute(
    `insert into "oauth_authorization_code" ("id", "created_at", "updated_at", "code_hash", "oauth_client_id",
       "redirect_uri", "scopes", "user_id", "expires_at", "consumed_at") values (?, now(), now(), ?, ?, ?, '[]', ?, ?, ?)`,
    [id, hash(), uuidv7(), 'http://127.0.0.1:8765/callback', userId, expiresAt, consumedAt],
  );
  return id;
}

async function insertVerificationToken(expiresAt: Date, usedAt: Date | null = null): Promise<string> {
  const id = uuidv7();
  await em().execute(
    `insert into "email_verification_token" ("id", "created_at", "updated_at", "token_hash", "user_id", "expires_at",
       "used_at", "return_query") values (?, now(), now(), ?, ?, ?, ?, '')`,
    [id, hash(), userId, expiresAt, usedAt],
  );
  return id;
}

async function insertSession(expiresAt: Date, idleExpiresAt: Date): Promise<string> {
  const id = uuidv7();
  await em().execute(
    `insert into "browser_session" ("id", "created_at", "updated_at", "token_hash", "user_id", "expires_at",
       "idle_expires_at") values (?, now(), now(), ?, ?, ?, ?)`,
    [id, hash(), userId, expiresAt, idleExpiresAt],
  );
  return id;
}

async function insertThrottle(windowStartedAt: Date, lockedUntil: Date | null): Promise<string> {
  const key = `account:${hash().slice(-40)}`;
  await em().execute(
    'insert into "sign_in_throttle" ("key", "failures", "window_started_at", "locked_until") values (?, 5, ?, ?)',
    [key, windowStartedAt, lockedUntil],
  );
  return key;
}

/** One housekeeping run, as the worker runs it: in a transaction, at the current time. */
function sweep() {
  return em().transactional((tx) => sweepIdentity({ em: tx, now: new Date(), signal: new AbortController().signal }));
}

beforeAll(async () => {
  database = await createTestDatabase();
  orm = await createOrm({
    env: { databaseUrl: database.env.DATABASE_URL, dataDir: database.env.DATA_DIR, debugSql: false },
    entities: ALL_ENTITIES,
  });
  await migrate(orm);
  userId = uuidv7();
  await em().execute(
    'insert into "user_account" ("id", "created_at", "updated_at", "is_anonymous") values (?, now(), now(), true)',
    [userId],
  );
});

afterAll(async () => {
  await orm?.close(true);
  await database?.drop();
});

describe('identity housekeeping', () => {
  it('deletes expired and used rows and keeps live ones', async () => {
    const pastRetention = -CODE_REPLAY_RETENTION_MS - MINUTE;
    // Gone: codes past the replay window (unused or used), expired or used links, sessions past their
    // absolute or idle end, throttle counters whose window is long over and whose lock ended.
    await insertCode(at(pastRetention));
    await insertCode(at(pastRetention), at(pastRetention));
    await insertVerificationToken(at(-MINUTE));
    await insertVerificationToken(at(60 * MINUTE), at(-MINUTE));
    await insertSession(at(-MINUTE), at(-MINUTE));
    await insertSession(at(60 * MINUTE), at(-MINUTE));
    await insertThrottle(at(-THROTTLE_RETENTION_MS - MINUTE), null);
    await insertThrottle(at(-THROTTLE_RETENTION_MS - MINUTE), at(-THROTTLE_RETENTION_MS + MINUTE));
    const kept = {
      // Live, and used but within the replay window (a replay must still find it and revoke the grant).
      codes: [await insertCode(at(MINUTE)), await insertCode(at(-MINUTE), at(-2 * MINUTE))],
      tokens: [await insertVerificationToken(at(60 * MINUTE))],
      sessions: [await insertSession(at(60 * MINUTE), at(30 * MINUTE))],
      // A counting window still open, and an old window whose lock still runs.
      throttles: [
        await insertThrottle(at(-5 * MINUTE), null),
        await insertThrottle(at(-THROTTLE_RETENTION_MS - MINUTE), at(MINUTE)),
      ],
    };

    expect(await sweep()).toEqual({
      authorizationCodes: 2,
      emailVerificationTokens: 2,
      browserSessions: 2,
      signInThrottles: 2,
    });
    expect((await ids('oauth_authorization_code')).sort()).toEqual([...kept.codes].sort());
    expect(await ids('email_verification_token')).toEqual(kept.tokens);
    expect(await ids('browser_session')).toEqual(kept.sessions);
    expect((await ids('sign_in_throttle', 'key')).sort()).toEqual([...kept.throttles].sort());

    // Nothing left to do: a second run deletes nothing.
    expect(Object.values(await sweep())).toEqual([0, 0, 0, 0]);
  });

  it('keeps grants (revoked ones are the security log) and refresh tokens (reuse detection)', async () => {
    const grantId = uuidv7();
    await em().execute(
      `insert into "oauth_grant" ("id", "created_at", "updated_at", "oauth_client_id", "user_id", "scopes",
         "revoked_at", "revoked_reason") values (?, now() - interval '400 days', now(), ?, ?, '[]', now() - interval '300 days', 'revoked')`,
      [grantId, uuidv7(), userId],
    );
    const refreshId = uuidv7();
    await em().execute(
      `insert into "oauth_refresh_token" ("id", "created_at", "updated_at", "token_hash", "grant_id", "generation",
         "expires_at", "used_at") values (?, now(), now(), ?, ?, 1, now() - interval '300 days', now() - interval '300 days')`,
      [refreshId, hash(), grantId],
    );
    await sweep();
    expect(await ids('oauth_grant')).toContain(grantId);
    expect(await ids('oauth_refresh_token')).toContain(refreshId);
  });
});
