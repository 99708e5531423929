import { Arg, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { ReceiptsContext } from '../context.js';
import { StoreRef } from '../store.types.js';
import { Terminal } from './terminal.entity.js';
import { CreateTerminalInput } from './terminal.input.js';

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

  @FieldResolver(() => StoreRef, { description: 'The store the terminal belongs to.' })
  store(@Root() terminal: Terminal): StoreRef {
    return { id: terminal.storeId };
  }
}
