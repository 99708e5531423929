import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Arg, Ctx, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import type { EngagementContext } from '../context.js';
import { StoreRef } from '../references.types.js';
import { CheckInCampaignPreview } from './check-in.types.js';

/** The consumer's view of a check-in campaign before checking in: what it is and whether it is open. */
@Resolver(() => CheckInCampaignPreview)
export class CheckInPreviewResolver {
  @Query(() => CheckInCampaignPreview, {
    description:
      'The campaign with this token as a consumer sees it, and whether a check-in would be accepted now (status open, or unknown_token, inactive, not_started, ended, store_not_public); records nothing. Any user token.',
  })
  checkInCampaignPreview(
    @Arg('token', () => String, { description: 'The campaign token (from the QR code).' }) token: string,
    @Ctx() ctx: EngagementContext,
  ): Promise<CheckInCampaignPreview> {
    return ctx.checkIns.preview(token);
  }

  @FieldResolver(() => String, { nullable: true, description: 'Campaign name; null on unknown_token.' })
  name(@Root() preview: CheckInCampaignPreview): string | null {
    return preview.campaign?.name ?? null;
  }

  @FieldResolver(() => String, { nullable: true, description: 'Campaign description; null when none.' })
  description(@Root() preview: CheckInCampaignPreview): string | null {
    return preview.campaign?.description ?? null;
  }

  @FieldResolver(() => GraphQLDateTimeISO, { nullable: true, description: 'Start of the window; null: none.' })
  startsAt(@Root() preview: CheckInCampaignPreview): Date | null {
    return preview.campaign?.startsAt ?? null;
  }

  @FieldResolver(() => GraphQLDateTimeISO, { nullable: true, description: 'End of the window (excluded); null: none.' })
  endsAt(@Root() preview: CheckInCampaignPreview): Date | null {
    return preview.campaign?.endsAt ?? null;
  }

  @FieldResolver(() => StoreRef, {
    nullable: true,
    description: 'The campaign’s store; null on unknown_token and when the store is not public.',
  })
  store(@Root() preview: CheckInCampaignPreview): StoreRef | null {
    return preview.campaign && preview.storeIsPublic ? { id: preview.campaign.storeId } : null;
  }
}
