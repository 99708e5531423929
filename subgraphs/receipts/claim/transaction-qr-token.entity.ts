import { Entity, Property } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../kernel/db/base.entity.js';

/**
 * The transaction-QR token of a transaction: opaque, single use, 30 days. Only its SHA-256 is kept,
 * so the database never holds a usable token. `transactionId` becomes null when the transaction is
 * deleted (the token then answers `transaction_deleted`).
 */
@Entity({ tableName: 'transaction_qr_token' })
export class TransactionQrToken extends BaseEntity {
  /** Foreign key to transaction (enforced by the database; set null on delete). */
  @Property({ type: 'uuid', nullable: true, unique: true })
  transactionId!: string | null;

  /** SHA-256 hex of the token. */
  @Property({ type: 'string', length: 64, columnType: 'char(64)', unique: true })
  tokenHash!: string;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  claimedAt?: Date | null;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  revokedAt?: Date | null;
}
