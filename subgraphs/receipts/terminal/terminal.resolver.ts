import { Arg, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { ReceiptsContext } from '../context.js';
import { StoreRef } from '../store.types.js';
import { Terminal } from './terminal.entity.js';
import { CreateTerminalInput } from './terminal.input.js';
import { visibleStoreId } from '../../kernel/auth/store-visibility.js';

@Resolver(() => Terminal)
export class TerminalResolver {
  @Query(() => Terminal, { description: 'The terminal with this public id; NOT_FOUND (terminal_not_found) otherwise.' })
  terminal(
    @Arg('publicTerminalId', () => String) publicTerminalId: string,
    @Ctx() ctx: ReceiptsContext,
  ): Promise<Terminal> {
    return ctx.terminals.getByPublicId(publicTerminalId);
  }

  @Mutation(() => Terminal, { description: 'Creates a terminal for a store. Operator only.' })
  createTerminal(
    @Arg('input', () => CreateTerminalInput) input: CreateTerminalInput,
    @Ctx() ctx: ReceiptsContext,
  ): Promise<Terminal> {
    return ctx.terminals.create(input);
  }

  @FieldResolver(() => StoreRef, {
    nullable: true,
    description:
      'The store the terminal belongs to; null when the caller may not see it (an unlisted store, for anyone but operators and its business).',
  })
  async store(@Root() terminal: Terminal, @Ctx() ctx: ReceiptsContext): Promise<StoreRef | null> {
    const id = await visibleStoreId(ctx.em, ctx.principal, terminal.storeId);
    return id === null ? null : { id };
  }
}
