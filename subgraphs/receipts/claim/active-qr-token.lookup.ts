import type { EntityManager } from '../../kernel/db/orm.js';
import type { ActiveQrToken, ActiveQrTokenLookup } from '../qr/claim-token-qr.service.js';
import { Transaction } from '../transaction/transaction.entity.js';
import { findQrToken, unusableQrToken } from './transaction-qr.js';

/**
 * Active transaction-QR tokens for the QR images and cards: a token is active exactly when reading its
 * receipt would succeed (not expired, claimed or revoked, its transaction present).
 */
export class ActiveQrTokens implements ActiveQrTokenLookup {
  constructor(private readonly em: EntityManager) {}

  async findActive(claimToken: string): Promise<ActiveQrToken | null> {
    const row = await findQrToken(this.em, claimToken);
    if (!row || unusableQrToken(row, 'read') !== null || row.transactionId === null) return null;
    const transaction = await this.em.findOne(Transaction, { id: row.transactionId });
    return transaction ? { storeId: transaction.storeId, issuedAt: row.createdAt } : null;
  }
}
