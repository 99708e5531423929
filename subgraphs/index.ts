/** All subgraph modules, in composition order, and every entity of the one database. */
import { OutboxEvent } from './kernel/events/outbox-event.entity.js';
import type { SubgraphModule } from './kernel/subgraph.js';
import { identitySubgraph } from './identity/index.js';
import { storesSubgraph } from './stores/index.js';

export const ALL_SUBGRAPHS: readonly SubgraphModule[] = [identitySubgraph, storesSubgraph] as readonly SubgraphModule[];

/** Tables of the kernel itself (the event outbox). */
export const KERNEL_ENTITIES = [OutboxEvent];

/** Every entity class (the one-process ORM serves them all). */
export const ALL_ENTITIES = [...KERNEL_ENTITIES, ...ALL_SUBGRAPHS.flatMap((m) => m.entities)];
