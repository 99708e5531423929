/**
 * All subgraph modules, in composition order, every entity of the one database, and the migration
 * steps that need the service's keys.
 */
import { OutboxEvent } from './kernel/events/outbox-event.entity.js';
import type { SubgraphModule } from './kernel/subgraph.js';
import { engagementSubgraph } from './engagement/index.js';
import { identitySubgraph, sealClearPushTokens } from './identity/index.js';
import { rootEntityManager, type Orm } from './kernel/db/orm.js';
import type { Env } from './kernel/env.js';
import { log } from './kernel/logger.js';
import { receiptsSubgraph } from './receipts/index.js';
import { storesSubgraph } from './stores/index.js';
import { walletSubgraph } from './wallet/index.js';

/** The order of SUBGRAPH_NAMES (kernel/env.ts): identity, receipts, stores, engagement, wallet. */
export const ALL_SUBGRAPHS: readonly SubgraphModule[] = [
  identitySubgraph,
  receiptsSubgraph,
  storesSubgraph,
  engagementSubgraph,
  walletSubgraph,
] as readonly SubgraphModule[];

/** Tables of the kernel itself (the event outbox). */
export const KERNEL_ENTITIES = [OutboxEvent];

/** Every entity class (the one-process ORM serves them all). */
export const ALL_ENTITIES = [...KERNEL_ENTITIES, ...ALL_SUBGRAPHS.flatMap((m) => m.entities)];

/**
 * The steps of migrations that need the service's keys, which SQL does not have (migration 0050:
 * device push tokens written in clear are sealed in place). Run after `migrate`; idempotent, and
 * safe on several replicas at once.
 */
export async function applyKeyedMigrationSteps(orm: Orm, env: Env): Promise<void> {
  const sealed = await sealClearPushTokens(rootEntityManager(orm), env);
  if (sealed > 0) log('info', 'device push tokens sealed', { sealed });
}
