import type { BaseContext } from '../../kernel/context.js';
import { isUuid } from '../../kernel/db/uuid.js';
import { Transaction } from './transaction.entity.js';

/** Transactions: reads for now; recording and claiming arrive with the receipts issue. */
export class TransactionService {
  constructor(private readonly ctx: BaseContext) {}

  /** Transactions by id, in no particular order; malformed ids match nothing. */
  findByIds(ids: readonly string[]): Promise<Transaction[]> {
    return this.ctx.em.find(Transaction, { id: { $in: ids.filter(isUuid) } });
  }
}
