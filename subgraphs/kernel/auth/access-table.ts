/**
 * The one access table: every root operation of the supergraph and who may call it (user and
 * business rules name the scope the operation needs; interface-v1 "Scopes"), combined from each
 * subgraph's own `access.ts`. Root fields without a row make their subgraph fail to build, and
 * test/access.e2e.test.ts walks every operation of the composed schema against this table.
 */
import { ENGAGEMENT_ACCESS } from '../../engagement/access.js';
import { IDENTITY_ACCESS } from '../../identity/access.js';
import { RECEIPTS_ACCESS } from '../../receipts/access.js';
import { STORES_ACCESS } from '../../stores/access.js';
import { WALLET_ACCESS } from '../../wallet/access.js';
import type { AccessTable } from './operation-access.js';

export const ACCESS_TABLE: AccessTable = {
  ...STORES_ACCESS,
  ...IDENTITY_ACCESS,
  ...RECEIPTS_ACCESS,
  ...ENGAGEMENT_ACCESS,
  ...WALLET_ACCESS,
};
