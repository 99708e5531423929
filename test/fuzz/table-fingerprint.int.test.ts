/**
 * The fuzz test's database fingerprint sees every kind of write, in the table written only: a row
 * added, a column changed (even back and forth between two rows' values), a row removed; and it
 * leaves out the background columns of outbox events.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ENTITIES } from '../../subgraphs/index.js';
import { createOrm, migrate, rootEntityManager, type Orm } from '../../subgraphs/kernel/db/orm.js';
import { uuidv7 } from '../../subgraphs/kernel/db/uuid.js';
import { createTestDatabase, type TestDatabase } from '../fixtures/database.js';
import { changedTables, TableFingerprinter } from './table-fingerprint.js';

let database: TestDatabase;
let orm: Orm;
let fingerprinter: TableFingerprinter;

const sql = (statement: string, params: unknown[] = []) => rootEntityManager(orm).fork().execute(statement, params);

beforeAll(async () => {
  database = await createTestDatabase();
  orm = await createOrm({
    env: { databaseUrl: database.env.DATABASE_URL, dataDir: database.env.DATA_DIR, debugSql: false },
    entities: ALL_ENTITIES,
  });
  await migrate(orm);
  fingerprinter = await TableFingerprinter.create(orm);
});

afterAll(async () => {
  await orm?.close(true);
  await database?.drop();
});

/** The tables `write` changed, by fingerprint. */
async function changedBy(write: () => Promise<unknown>): Promise<string[]> {
  const before = await fingerprinter.take();
  await write();
  return changedTables(before, await fingerprinter.take());
}

describe('TableFingerprinter', () => {
  it('sees a row added, a column changed and a row removed, in that table only', async () => {
    const [a, b] = [uuidv7(), uuidv7()];
    const insert = (id: string, anonymous: boolean) =>
      sql('insert into "user_account" ("id", "created_at", "updated_at", "is_anonymous") values (?, now(), now(), ?)', [
        id,
        anonymous,
      ]);
    expect(await changedBy(() => insert(a, true))).toEqual(['user_account']);
    expect(await changedBy(() => insert(b, false))).toEqual(['user_account']);
    // Swapping a column between two rows keeps the multiset of values but not the rows.
    expect(
      await changedBy(() =>
        sql('update "user_account" set "is_anonymous" = not "is_anonymous" where "id" in (?, ?)', [a, b]),
      ),
    ).toEqual(['user_account']);
    expect(await changedBy(() => sql('delete from "user_account" where "id" = ?', [a]))).toEqual(['user_account']);
    expect(await changedBy(() => sql('select 1'))).toEqual([]);
  });

  it('leaves out the columns the event publisher stamps, but sees a new event', async () => {
    const id = uuidv7();
    const added = await changedBy(() =>
      sql(
        `insert into "outbox_event" ("id", "created_at", "updated_at", "type", "business_account_id", "payload", "occurred_at")
         values (?, now(), now(), 'test.event', null, '{}', now())`,
        [id],
      ),
    );
    expect(added).toEqual(['outbox_event']);
    expect(
      await changedBy(() =>
        sql('update "outbox_event" set "published_at" = now(), "updated_at" = now() where "id" = ?', [id]),
      ),
    ).toEqual([]);
  });
});
