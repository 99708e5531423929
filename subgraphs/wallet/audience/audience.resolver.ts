import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import type { WalletContext } from '../context.js';
import { Audience, AudienceInput } from './audience.types.js';

@Resolver(() => Audience)
export class AudienceResolver {
  @Query(() => Audience, {
    description:
      'Followers and members of the business per Asia/Tokyo day, by rank and by store; small groups suppressed. A business token with sns.audience.read (its own business) or the operator (who names one).',
  })
  audience(
    @Arg('input', () => AudienceInput, { description: 'The days and, optionally, the store.' }) input: AudienceInput,
    @Ctx() ctx: WalletContext,
  ): Promise<Audience> {
    return ctx.audience.audience(input);
  }
}
