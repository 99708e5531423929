/**
 * The event listener on both databases: the outbox trigger's NOTIFY on `outbox_event` arrives when the
 * inserting transaction commits (not before, not on rollback), payloads of `pg_notify` arrive intact,
 * an unlistened callback hears nothing more; on PostgreSQL a killed LISTEN connection is re-established
 * and the reconnect callback runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, withClient, type TestDatabase } from '../../../test/fixtures/database.js';
import { hasPostgres } from '../../../test/requirements.js';
import { ALL_ENTITIES } from '../../index.js';
import { createOrm, migrate, rootEntityManager, type Orm } from '../db/orm.js';
import { uuidv7 } from '../db/uuid.js';
import { createEventListener, type EventListener } from './listener.js';

let database: TestDatabase;
let orm: Orm;
let listener: EventListener;

beforeAll(async () => {
  database = await createTestDatabase();
  orm = await createOrm({
    env: { databaseUrl: database.env.DATABASE_URL, dataDir: database.env.DATA_DIR, debugSql: false },
    entities: ALL_ENTITIES,
  });
  await migrate(orm);
  listener = createEventListener(orm, { databaseUrl: database.env.DATABASE_URL });
});
afterAll(async () => {
  await listener?.close();
  await orm?.close(true);
  await database?.drop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(10);
  }
}

const insertEvent = (em: ReturnType<typeof rootEntityManager>) =>
  em.execute(
    `insert into "outbox_event" ("id", "created_at", "updated_at", "type", "occurred_at", "payload")
     values (?, now(), now(), 'webhook.test', now(), '{}')`,
    [uuidv7()],
  );

describe('event listener', () => {
  it('hears the outbox trigger on commit only', async () => {
    const heard: string[] = [];
    const stop = await listener.listen('outbox_event', (payload) => heard.push(payload));
    await rootEntityManager(orm)
      .fork()
      .transactional(async (em) => {
        await insertEvent(em);
        await sleep(100);
        expect(heard).toHaveLength(0);
      });
    await until(() => heard.length === 1);
    await rootEntityManager(orm)
      .fork()
      .transactional(async (em) => {
        await insertEvent(em);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await sleep(150);
    expect(heard).toHaveLength(1);
    await stop();
    await insertEvent(rootEntityManager(orm).fork());
    await sleep(150);
    expect(heard).toHaveLength(1);
  });

  it('delivers pg_notify payloads to every callback of the channel', async () => {
    const first: string[] = [];
    const second: string[] = [];
    const stops = [
      await listener.listen('event_published', (payload) => first.push(payload)),
      await listener.listen('event_published', (payload) => second.push(payload)),
    ];
    await rootEntityManager(orm).fork().execute("select pg_notify('event_published', ?)", ['{"seq":"1"}']);
    await until(() => first.length === 1 && second.length === 1);
    expect(first[0]).toBe('{"seq":"1"}');
    for (const stop of stops) await stop();
  });

  it.skipIf(!hasPostgres('listener.int.test (a LISTEN connection killed by the server)'))(
    'reconnects after its connection is killed, listens again, and calls onReconnect',
    async () => {
      const heard: string[] = [];
      let reconnects = 0;
      listener.onReconnect(() => (reconnects += 1));
      const stop = await listener.listen('event_published', (payload) => heard.push(payload));
      await withClient(database.env.DATABASE_URL!, (client) =>
        client.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where datname = current_database() and query ilike 'listen%' and pid <> pg_backend_pid()`,
        ),
      );
      await until(() => reconnects === 1);
      await rootEntityManager(orm).fork().execute("select pg_notify('event_published', 'after')");
      await until(() => heard.includes('after'));
      await stop();
    },
  );
});
