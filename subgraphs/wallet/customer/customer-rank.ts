/**
 * Rank rules of a membership (the shop's membership card config, stores subgraph): a customer's rank is
 * the highest rank whose `minPoints` the points reach. Every change of points sets the rank from the
 * points again; `setCustomerRank` may put a customer on another rank by hand, which stays until the
 * next change of points (or until it is set back to the points' rank with a null code). A shop without
 * a configured card has no ranks: its customers' rank is null.
 */
import type { WalletShop } from './customer-access.js';

/** One rank of a card, as the card config stores it. */
export interface CardRank {
  readonly code: string;
  readonly name: string;
  readonly minPoints: number;
  readonly color: string;
}

/** The ranks of the card in `shop`, by rising minPoints; empty when no card is configured. */
export function cardRanks(card: WalletShop['membershipCard']): CardRank[] {
  const ranks = card?.ranks;
  if (!Array.isArray(ranks)) return [];
  return (ranks as CardRank[])
    .filter((r) => typeof r?.code === 'string' && typeof r.minPoints === 'number')
    .sort((a, b) => a.minPoints - b.minPoints);
}

/** The code of the highest rank `points` reach, or null when none does (or there are no ranks). */
export function rankCodeFor(ranks: readonly CardRank[], points: number): string | null {
  let code: string | null = null;
  for (const rank of ranks) if (rank.minPoints <= points) code = rank.code;
  return code;
}

/** Points a new member gets: the card's `pointRules.pointsOnSignUp`, 0 without a card. */
export function pointsOnSignUp(card: WalletShop['membershipCard']): number {
  const rules = card?.pointRules as { pointsOnSignUp?: unknown } | undefined;
  const points = rules?.pointsOnSignUp;
  return typeof points === 'number' && Number.isInteger(points) && points >= 0 ? points : 0;
}

/**
 * SQL of the rank `points` reach in the card of the customer's shop app (the same rule as
 * {@link rankCodeFor}), for UPDATE statements that change points in one statement. `customer` is the
 * updated table's alias, `pointsSql` an expression of the new points.
 */
export function rankSql(customer: string, pointsSql: string): string {
  return `(select "r"->>'code' from "shop_app" "s", jsonb_array_elements(coalesce("s"."membership_card"->'ranks', '[]'::jsonb)) "r"
    where "s"."id" = "${customer}"."shop_app_id" and ("r"->>'minPoints')::int <= ${pointsSql}
    order by ("r"->>'minPoints')::int desc limit 1)`;
}
