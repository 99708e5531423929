import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { ClaimChannel } from '../claim/claim.types.js';
import { EffectiveBudget } from '../budget/budget.types.js';
import { StoreRef } from '../store.types.js';

@ObjectType('UserReceipt', { description: 'A receipt the signed-in user claimed.' })
export class UserReceipt {
  @Field(() => ID, { description: 'The claim that made it the user’s (UUIDv7).' })
  claimId!: string;

  @Field(() => GraphQLDateTimeISO, { description: 'When the user claimed it (RFC 3339, UTC).' })
  claimedAt!: Date;

  @Field(() => ClaimChannel, { nullable: true, description: 'Where it was claimed from; null when not given.' })
  channel!: ClaimChannel | null;

  /** Resolved by the receipts subgraph's per-request transaction loader. */
  transactionId!: string;
}

@ObjectType('UserReceiptPage', { description: 'One page of the signed-in user’s receipts, newest claim first.' })
export class UserReceiptPage {
  @Field(() => [UserReceipt], { description: 'The receipts of this page.' })
  items!: UserReceipt[];

  @Field(() => String, {
    nullable: true,
    description: 'Pass as `after` for the next page; null on the last page. Opaque.',
  })
  nextCursor!: string | null;
}

@ObjectType('StoreSpending', { description: 'What the user spent at one store in the month.' })
export class StoreSpending {
  @Field(() => StoreRef, { description: 'The store (resolved by the stores subgraph).' })
  store!: StoreRef;

  @Field(() => Int, { description: 'Total of the user’s JPY receipts there (yen).' })
  total!: number;

  @Field(() => Int, { description: 'How many receipts.' })
  receiptCount!: number;
}

@ObjectType('MonthlySpending', {
  description:
    'What the signed-in user spent in a calendar month in Japan (Asia/Tokyo), from the receipts they claimed, beside the effective budget.',
})
export class MonthlySpending {
  @Field(() => Int, { description: 'Year.' })
  year!: number;

  @Field(() => Int, { description: 'Month, 1 to 12.' })
  month!: number;

  @Field(() => String, {
    description: 'ISO 4217 currency of the amounts: JPY (receipts in other currencies are not summed).',
  })
  currency!: string;

  @Field(() => Int, { description: 'Total of the month’s receipts (yen), by the time of each sale.' })
  total!: number;

  @Field(() => Int, { description: 'How many receipts make up the total.' })
  receiptCount!: number;

  @Field(() => [StoreSpending], { description: 'The total per store, largest first.' })
  byStore!: StoreSpending[];

  @Field(() => EffectiveBudget, { description: 'The effective budget of the month.' })
  budget!: EffectiveBudget;

  @Field(() => Int, {
    nullable: true,
    description: 'Budget minus total (negative when over budget); null when there is no budget.',
  })
  remaining!: number | null;
}
