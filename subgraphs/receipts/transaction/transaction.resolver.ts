import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { NotFoundError } from '../../kernel/errors.js';
import type { ReceiptsContext } from '../context.js';
import { StoreRef } from '../store.types.js';
import { Terminal } from '../terminal/terminal.entity.js';
import { Transaction } from './transaction.entity.js';

@Resolver(() => Transaction)
export class TransactionResolver {
  @FieldResolver(() => Terminal, { description: 'The terminal the sale was made at.' })
  async terminal(@Root() transaction: Transaction, @Ctx() ctx: ReceiptsContext): Promise<Terminal> {
    const terminal = await ctx.loaders.terminalById.load(transaction.terminalId);
    // The foreign key makes this unreachable; say so plainly rather than return null for a non-null field.
    if (!terminal) throw new NotFoundError('The terminal of this transaction no longer exists.', 'terminal_not_found');
    return terminal;
  }

  @FieldResolver(() => StoreRef, { description: 'The store the sale was made in.' })
  store(@Root() transaction: Transaction): StoreRef {
    return { id: transaction.storeId };
  }
}
