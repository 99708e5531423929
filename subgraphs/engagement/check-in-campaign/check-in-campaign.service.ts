import type { BaseContext } from '../../kernel/context.js';
import { CheckInCampaign } from './check-in-campaign.entity.js';

/** Longest token a campaign can have (the column's length); longer input cannot match. */
const MAX_TOKEN_LENGTH = 64;

/** Check-in campaigns: lookup by token; recording check-ins arrives with the check-in issue. */
export class CheckInCampaignService {
  constructor(private readonly ctx: BaseContext) {}

  /** The campaign with this token, or null (a miss is the `unknown_token` status, not an error). */
  findByToken(token: string): Promise<CheckInCampaign | null> {
    if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) return Promise.resolve(null);
    return this.ctx.em.findOne(CheckInCampaign, { token });
  }
}
