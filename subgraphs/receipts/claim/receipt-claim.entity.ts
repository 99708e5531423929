import { Entity, Index, Property } from '@mikro-orm/decorators/legacy';
import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Field, ObjectType } from 'type-graphql';
import { BaseEntity } from '../../kernel/db/base.entity.js';
import { ClaimChannel } from './claim.types.js';
import type { Transaction } from '../transaction/transaction.entity.js';

/** How a receipt was claimed. */
export type ClaimKind = 'terminal' | 'transaction_qr';

/**
 * One claim of a receipt: the audit row (who, channel, when, which token, client IP) and, when a user
 * token made it, the link of the receipt to that user. Written in the same transaction as the claim.
 */
@ObjectType('ReceiptClaim', { description: 'One claim of a receipt.' })
@Entity({ tableName: 'receipt_claim' })
@Index({ properties: ['transactionId'] })
// The user's receipts, newest first, paged on (claimed_at, id): migration 0032.
@Index({ properties: ['userId', 'claimedAt', 'id'] })
// Hand-written in migration 0013 (partial unique index); declared by name so the schema diff knows it.
@Index({
  name: 'receipt_claim_transaction_id_user_id_unique',
  expression:
    'create unique index "receipt_claim_transaction_id_user_id_unique" on "receipt_claim" ("transaction_id", "user_id") where "user_id" is not null',
})
export class ReceiptClaim extends BaseEntity {
  /** Foreign key to transaction (set null when the transaction is deleted: the audit row stays). */
  @Property({ type: 'uuid', nullable: true })
  transactionId!: string | null;

  @Field(() => String, {
    description: '`terminal` (a terminal claim token) or `transaction_qr` (a transaction-QR token).',
  })
  @Property({ type: 'string', length: 16 })
  kind!: ClaimKind;

  /** line, ios, android, email or web; null when the caller named none. */
  @Field(() => ClaimChannel, { nullable: true, description: 'Where it was claimed from; null when not given.' })
  @Property({ type: 'string', length: 16, nullable: true })
  channel?: ClaimChannel | null;

  /** The user the receipt now belongs to; null for an anonymous claim. Foreign key to user_account. */
  @Property({ type: 'uuid', nullable: true })
  userId?: string | null;

  /** Which token: the terminal claim token's `jti`, or the transaction-QR token's id. */
  @Property({ type: 'string', length: 64 })
  tokenRef!: string;

  @Property({ type: 'string', length: 64, nullable: true })
  clientIp?: string | null;

  /** The claimed transaction as the claim left it (not a column: the answer's `receipt`). */
  receipt?: Transaction;

  @Field(() => GraphQLDateTimeISO, { description: 'When it was claimed (RFC 3339, UTC).' })
  @Property({ type: 'datetime', columnType: 'timestamptz' })
  claimedAt!: Date;
}
