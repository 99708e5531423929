import { requireUser } from '../../kernel/auth/access.js';
import type { BaseContext } from '../../kernel/context.js';
import type { EntityManager } from '../../kernel/db/orm.js';
import { uuidv7 } from '../../kernel/db/uuid.js';
import { ForbiddenError, UnauthenticatedError, Validation } from '../../kernel/errors.js';
import { campaignWindow } from '../campaign/campaign.entity.js';
import type { SurveyCampaign } from '../survey-campaign/survey-campaign.entity.js';
import type { SurveyCampaignService } from '../survey-campaign/survey-campaign.service.js';
import { checkAnswers } from './survey-answers.js';
import { queueSurveySubmitted } from './survey-events.js';
import { SurveyResponse } from './survey-response.entity.js';
import type { SurveyAnswerInput, SurveySubmitResult } from './survey-response.types.js';
import type { SurveySubmitStatus } from './survey-statuses.js';

/** `surveys/me` and `mySurveyResponses`: the default and the cap of `limit` (DECISIONS, Limits). */
export const MY_SURVEYS_DEFAULT_LIMIT = 50;
export const MY_SURVEYS_LIMIT_CAP = 200;
/** Most answers one submission may carry (a campaign has at most 50 questions). */
const MAX_ANSWERS = 100;
/** A stable device id: 8 to 128 of A-Z a-z 0-9 . _ : - (an app installation id, a UUID, ...). */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;

const INSERT_SQL = `insert into "survey_response"
  ("id", "created_at", "updated_at", "campaign_id", "user_id", "device_id", "respondent_key", "answers", "submitted_at")
  values (?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?)
  on conflict ("campaign_id", "respondent_key") do nothing
  returning "id"`;

/** Who answers: a signed-in user, or a device (anonymous campaigns only). */
type Respondent = { readonly userId: string | null; readonly deviceId: string | null };

const rejected = (status: SurveySubmitStatus): SurveySubmitResult => ({ status, problems: [], responseId: null });

/**
 * Survey submissions and the consumer's history. A user token's userId is attached; without a token
 * the caller needs a stable device id and an anonymous campaign. Each refusal is a status (nothing is
 * recorded); a recorded response and its `survey.submitted` event commit together.
 */
export class SurveyResponseService {
  constructor(
    private readonly ctx: BaseContext,
    private readonly campaigns: SurveyCampaignService,
  ) {}

  /** Records a response to the campaign of `token`, or says why not. */
  async submit(token: string, deviceId: string | null | undefined, answers: readonly SurveyAnswerInput[]) {
    const principal = this.ctx.principal;
    if (principal.kind === 'anonymous' && principal.invalidToken)
      throw new UnauthenticatedError('The access token is invalid, expired or revoked.', 'invalid_token');
    if (principal.kind === 'business' || principal.kind === 'operator')
      throw new ForbiddenError('This operation needs a user token or none.', 'user_token_required');
    const v = new Validation();
    v.check(token.trim().length > 0, 'token', 'required');
    v.check(answers.length >= 1 && answers.length <= MAX_ANSWERS, 'answers', `1 to ${MAX_ANSWERS} answers`);
    v.throwIfInvalid();
    return this.ctx.em.transactional(async (tx): Promise<SurveySubmitResult> => {
      const campaign = await this.campaigns.findByToken(token.trim(), tx);
      if (!campaign) return rejected('unknown_token');
      const window = campaignWindow(campaign, new Date());
      if (window !== 'open') return rejected(window);
      const respondent = principal.kind === 'user' ? { userId: principal.userId, deviceId: deviceId ?? null } : null;
      if (!respondent && (!campaign.isAnonymous || !deviceId)) return rejected('auth_required');
      if (deviceId != null && !DEVICE_ID_PATTERN.test(deviceId)) return rejected('invalid_device_id');
      const checked = checkAnswers(campaign.questions, answers);
      if (!checked.ok) return { status: 'invalid_answers', problems: checked.problems, responseId: null };
      return record(tx, campaign, respondent ?? { userId: null, deviceId: deviceId! }, checked.answers);
    });
  }

  /** The signed-in user's responses, newest first (`limit` 1 or more, clamped to 200). */
  async listMine(limit: number | null | undefined): Promise<SurveyResponse[]> {
    const { userId } = requireUser(this.ctx.principal);
    const take = limit ?? MY_SURVEYS_DEFAULT_LIMIT;
    new Validation().check(take >= 1, 'limit', 'at least 1').throwIfInvalid();
    return this.ctx.em.find(
      SurveyResponse,
      { userId },
      { orderBy: { submittedAt: 'desc', id: 'desc' }, limit: Math.min(take, MY_SURVEYS_LIMIT_CAP) },
    );
  }
}

/** Inserts once per respondent (when the campaign says so) and queues the event with the row. */
async function record(
  tx: EntityManager,
  campaign: SurveyCampaign,
  respondent: Respondent,
  answers: SurveyResponse['answers'],
): Promise<SurveySubmitResult> {
  const key = !campaign.onePerRespondent
    ? null
    : respondent.userId
      ? `user:${respondent.userId}`
      : `device:${respondent.deviceId}`;
  const now = new Date();
  const rows = await tx.execute<{ id: string }[]>(INSERT_SQL, [
    uuidv7(),
    now,
    now,
    campaign.id,
    respondent.userId,
    respondent.deviceId,
    key,
    JSON.stringify(answers),
    now,
  ]);
  const id = rows[0]?.id;
  if (!id) return rejected('already_submitted');
  queueSurveySubmitted(tx, campaign, { id, userId: respondent.userId, submittedAt: now, answers });
  await tx.flush();
  return { status: 'recorded', responseId: id, problems: [] };
}
