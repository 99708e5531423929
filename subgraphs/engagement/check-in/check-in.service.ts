import { requireUser } from '../../kernel/auth/access.js';
import { ANONYMOUS } from '../../kernel/auth/principal.js';
import { canSeeStore } from '../../kernel/auth/store-visibility.js';
import type { BaseContext } from '../../kernel/context.js';
import { uuidv7 } from '../../kernel/db/uuid.js';
import { BadUserInputError } from '../../kernel/errors.js';
import { campaignWindow, MAX_CAMPAIGN_TOKEN_LENGTH } from '../campaign/campaign.entity.js';
import { CheckInCampaign } from '../check-in-campaign/check-in-campaign.entity.js';
import { CheckIn } from './check-in.entity.js';
import {
  CheckInCampaignStatus,
  CheckInRejection,
  CheckInStatus,
  type CheckInCampaignPreview,
  type CheckInResult,
} from './check-in.types.js';

/** How many check-ins `myCheckIns` answers by default, and at most (DECISIONS: checkins/me). */
export const MY_CHECK_INS_DEFAULT = 50;
export const MY_CHECK_INS_CAP = 200;

/**
 * The check-in and its `checkin.recorded` outbox event as one statement: the insert skips a duplicate
 * of a once-a-day check-in (the partial unique index on user, store and store-local day) and the event
 * is written only for the row inserted. The local day is the check-in time in the store's time zone.
 */
const RECORD_STATEMENT = `
  with "recorded" as (
    insert into "check_in" ("id", "created_at", "updated_at", "campaign_id", "user_id", "store_id",
      "checked_in_at", "local_date", "counts_once")
    select ?, ?, ?, ?, ?, "s"."id", ?, cast((cast(? as timestamptz) at time zone "s"."time_zone") as date), ?
    from "store" "s" where "s"."id" = ?
    on conflict ("user_id", "store_id", "local_date") where "counts_once" do nothing
    returning *
  ), "event" as (
    insert into "outbox_event" ("id", "created_at", "updated_at", "type", "business_account_id", "occurred_at", "payload")
    select ?, ?, ?, 'checkin.recorded', ?, ?, jsonb_build_object('checkInId', "recorded"."id",
      'campaignId', "recorded"."campaign_id", 'storeId', "recorded"."store_id", 'userId', "recorded"."user_id",
      'checkedInAt', cast(? as text), 'localDate', to_char("recorded"."local_date", 'YYYY-MM-DD'))
    from "recorded"
  )
  select * from "recorded"`;

const rejected = (reason: CheckInRejection): CheckInResult => ({
  status: CheckInStatus.rejected,
  reason,
  checkIn: null,
});

/** Consumers' check-ins: recording one by campaign token, and listing the caller's own. */
export class CheckInService {
  constructor(
    private readonly ctx: BaseContext,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Records a check-in of the calling user for the campaign with `token`, or says why not. Duplicates
   * are decided by the database (INSERT ... ON CONFLICT DO NOTHING), never by a prior read.
   */
  async record(token: string): Promise<CheckInResult> {
    const { userId } = requireUser(this.ctx.principal);
    const em = this.ctx.em;
    const now = this.now();
    const { status, campaign } = await this.preview(token, now);
    if (status !== CheckInCampaignStatus.open || !campaign) return rejected(status as string as CheckInRejection);
    const at = now.toISOString();
    const rows = await em.execute<Record<string, unknown>[]>(RECORD_STATEMENT, [
      uuidv7(),
      now,
      now,
      campaign.id,
      userId,
      now,
      at,
      !campaign.allowRepeatCheckIns,
      campaign.storeId,
      uuidv7(),
      now,
      now,
      campaign.businessAccountId,
      now,
      at,
    ]);
    const row = rows[0];
    if (!row) return rejected(CheckInRejection.already_checked_in);
    return { status: CheckInStatus.recorded, reason: null, checkIn: em.map(CheckIn, row) };
  }

  /** What checking in for `token` would answer now, short of the duplicate check; records nothing. */
  async preview(token: string, now: Date = this.now()): Promise<CheckInCampaignPreview> {
    requireUser(this.ctx.principal);
    const campaign =
      token.length > 0 && token.length <= MAX_CAMPAIGN_TOKEN_LENGTH
        ? await this.ctx.em.findOne(CheckInCampaign, { token })
        : null;
    if (!campaign) return { status: CheckInCampaignStatus.unknown_token, campaign: null, storeIsPublic: false };
    const stores = await this.ctx.em.execute<{ is_public_listing: boolean; place_id: string | null }[]>(
      'select "is_public_listing", "place_id" from "store" where "id" = ?',
      [campaign.storeId],
    );
    const facts = { isPublicListing: !!stores[0]?.is_public_listing, placeId: stores[0]?.place_id ?? null };
    const storeIsPublic = canSeeStore(ANONYMOUS, { ...facts, businessAccountId: campaign.businessAccountId });
    const window = campaignWindow(campaign, now);
    const status =
      window !== 'open'
        ? CheckInCampaignStatus[window]
        : storeIsPublic
          ? CheckInCampaignStatus.open
          : CheckInCampaignStatus.store_not_public;
    return { status, campaign, storeIsPublic };
  }

  /** The caller's newest check-ins, `limit` of them (at least 1; above 200 is clamped to 200). */
  mine(limit: number): Promise<CheckIn[]> {
    const { userId } = requireUser(this.ctx.principal);
    if (!Number.isInteger(limit) || limit < 1)
      throw new BadUserInputError('limit must be at least 1.', [{ path: 'limit', message: 'must be at least 1' }]);
    return this.ctx.em.find(
      CheckIn,
      { userId },
      { orderBy: { checkedInAt: 'desc', id: 'desc' }, limit: Math.min(limit, MY_CHECK_INS_CAP) },
    );
  }
}
