/**
 * A segment's checked rule as stored (jsonb) and compiled (segment-sql.ts): a plain tree. The wallet's
 * segment module defines, checks and stores it (subgraphs/wallet/segment/); the compiler and the consumer
 * views that narrow targeted content (targeting.ts) read it.
 */
/** A checked rule: a plain tree, the shape stored and compiled. */
export type Rule =
  | { readonly all: readonly Rule[] }
  | { readonly any: readonly Rule[] }
  | { readonly spent: { readonly atLeast: number; readonly days: number } }
  | { readonly visited: { readonly storeId: string } }
  | { readonly checkedIn: { readonly campaignId: string } }
  | { readonly favorited: { readonly storeId: string | null } }
  | { readonly rank: { readonly rankCode: string } }
  | {
      readonly answered: {
        readonly campaignId: string;
        readonly questionId: string;
        readonly choice: string | null;
        readonly rating: number | null;
      };
    };
