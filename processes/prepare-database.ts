/**
 * Brings a database up to date: applies pending migrations and, when asked, loads the demo data.
 * Shared by `npm run db:migrate`, `npm run start:services` and the topology tests.
 */
import { ALL_ENTITIES, applyKeyedMigrationSteps } from '../subgraphs/index.js';
import { createOrm, migrate } from '../subgraphs/kernel/db/orm.js';
import type { Env } from '../subgraphs/kernel/env.js';
import { loadDemoData, type DemoSummary } from './demo/demo-data.js';

/** What {@link prepareDatabase} did. */
export interface PreparedDatabase {
  /** Names of the migrations applied now (empty when the schema was current). */
  readonly applied: string[];
  /** The demo data summary, when demo data was requested. */
  readonly demo?: DemoSummary;
}

/** Migrates the database of `env` (DATABASE_URL, else the embedded one) and optionally seeds it. */
export async function prepareDatabase(
  env: Env,
  options: { readonly demoData?: boolean } = {},
): Promise<PreparedDatabase> {
  const orm = await createOrm({ env, entities: ALL_ENTITIES, poolSize: 2 });
  try {
    const applied = await migrate(orm);
    await applyKeyedMigrationSteps(orm, env);
    if (!options.demoData) return { applied };
    // Production never seeds the published demo credentials (see loadDemoData).
    return {
      applied,
      demo: await loadDemoData(orm, {
        publishedCredentials: env.nodeEnv !== 'production',
        publicUrl: env.publicUrl,
      }),
    };
  } finally {
    await orm.close(true);
  }
}
