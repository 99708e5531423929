/** All subgraph modules, in composition order, and every entity of the one database. */
import { OutboxEvent } from './kernel/events/outbox-event.entity.js';
import type { SubgraphModule } from './kernel/subgraph.js';
import { engagementSubgraph } from './engagement/index.js';
import { identitySubgraph } from './identity/index.js';
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
