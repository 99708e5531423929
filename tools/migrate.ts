/**
 * `npm run db:migrate [-- --demo-data]`: applies pending migrations to DATABASE_URL (or the embedded
 * database) and prints `{"applied": [...names]}` (plus `demo` with `--demo-data`) as one JSON line.
 * Exits 1 with a log line on stderr when the database cannot be migrated.
 */
import { loadEnv } from '../subgraphs/kernel/env.js';
import { log } from '../subgraphs/kernel/logger.js';
import { prepareDatabase } from '../processes/prepare-database.js';

try {
  const result = await prepareDatabase(loadEnv(), { demoData: process.argv.slice(2).includes('--demo-data') });
  process.stdout.write(`${JSON.stringify(result)}\n`);
} catch (error) {
  log('error', 'migration failed', { error });
  process.exitCode = 1;
}
