/**
 * The medium test tier (`*.int.test.ts`): a migrated database of the test file's own, opened through
 * the ORM with every entity, and no HTTP server. Services are driven through their contexts directly.
 */
import { ALL_ENTITIES } from '../subgraphs/index.js';
import type { Principal } from '../subgraphs/kernel/auth/principal.js';
import type { BaseContext } from '../subgraphs/kernel/context.js';
import { createOrm, migrate, rootEntityManager, type EntityManager, type Orm } from '../subgraphs/kernel/db/orm.js';
import { loadEnv, type Env } from '../subgraphs/kernel/env.js';
import { createTestDatabase, type TestDatabase } from './database.js';

/** The issuer of tokens in these tests (nothing listens there). */
export const TEST_PUBLIC_URL = 'http://127.0.0.1:4999';

export interface MigratedDatabase {
  readonly orm: Orm;
  readonly env: Env;
  /** A fresh EntityManager (a fork of the root one), as a request has. */
  em(): EntityManager;
  /** A request context for `principal` (anonymous unless given). */
  context(principal?: Principal): BaseContext;
  close(): Promise<void>;
}

/** A new database with every migration applied; `close()` drops it. */
export async function openMigratedDatabase(extraEnv: Record<string, string> = {}): Promise<MigratedDatabase> {
  const database: TestDatabase = await createTestDatabase();
  const env = loadEnv({
    NODE_ENV: 'test',
    PUBLIC_URL: TEST_PUBLIC_URL,
    ...database.env,
    ...extraEnv,
  });
  const orm = await createOrm({ env, entities: ALL_ENTITIES });
  await migrate(orm);
  let requests = 0;
  return {
    orm,
    env,
    em: () => rootEntityManager(orm).fork(),
    context: (principal: Principal = { kind: 'anonymous' }) => ({
      requestId: `int-${++requests}`,
      principal,
      em: rootEntityManager(orm).fork(),
      env,
    }),
    close: async () => {
      await orm.close(true);
      await database.drop();
    },
  };
}
