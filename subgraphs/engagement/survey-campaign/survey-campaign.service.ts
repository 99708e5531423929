import type { BaseContext } from '../../kernel/context.js';
import { SurveyCampaign } from './survey-campaign.entity.js';

/** Longest token a campaign can have (the column's length); longer input cannot match. */
const MAX_TOKEN_LENGTH = 64;

/** Survey campaigns: lookup by token; submissions arrive with the survey issue. */
export class SurveyCampaignService {
  constructor(private readonly ctx: BaseContext) {}

  /** The campaign with this token, or null (a miss is the `unknown_token` status, not an error). */
  findByToken(token: string): Promise<SurveyCampaign | null> {
    if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) return Promise.resolve(null);
    return this.ctx.em.findOne(SurveyCampaign, { token });
  }
}
