/**
 * The one access table: every root operation of the supergraph and who may call it (user and
 * business rules name the scope the operation needs; the public interface, "Scopes"), combined from each
 * subgraph's own `access.ts`. Building it throws when two subgraphs rule the same operation; a root
 * field without a rule makes its subgraph fail to build (kernel/subgraph.ts), and
 * test/access.e2e.test.ts walks every operation of the composed schema against this table.
 */
import { ALL_SUBGRAPHS } from '../../index.js';
import { combineAccessTables, type AccessTable } from './operation-access.js';

export const ACCESS_TABLE: AccessTable = combineAccessTables(ALL_SUBGRAPHS);
