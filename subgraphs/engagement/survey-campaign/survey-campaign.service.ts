import { randomBytes } from 'node:crypto';
import { requireAuthenticated, requireBusinessScope } from '../../kernel/auth/access.js';
import type { BaseContext } from '../../kernel/context.js';
import type { EntityManager } from '../../kernel/db/orm.js';
import { isUuid } from '../../kernel/db/uuid.js';
import { BadUserInputError, ConflictError, ForbiddenError, NotFoundError, Validation } from '../../kernel/errors.js';
import { MAX_CAMPAIGN_TOKEN_LENGTH } from '../campaign/campaign.entity.js';
import { SurveyCampaign } from './survey-campaign.entity.js';
import type {
  CreateSurveyCampaignInput,
  SurveyCampaignFieldsInput,
  UpdateSurveyCampaignInput,
} from './survey-campaign.input.js';
import { checkQuestions } from './survey-questions.js';

/** How many campaigns a management list shows at most: the newest 200. */
export const SURVEY_CAMPAIGN_LIST_CAP = 200;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

type Scope = 'store.campaigns.read' | 'store.campaigns.write';
/** Who manages: a business (its own campaigns and stores only) or the operator (null: any). */
export type CampaignManager = { readonly businessAccountId: string | null };
type Manager = CampaignManager;

const campaignNotFound = () =>
  new NotFoundError('No survey campaign of this business has this id.', 'survey_campaign_not_found');
const storeNotFound = () => new NotFoundError('No store of this business has this id.', 'store_not_found');
/** `value` when the input has the field, else `current` (absent means unchanged, null clears). */
const given = <T>(input: object, field: string, value: T, current: T): T =>
  (input as Record<string, unknown>)[field] !== undefined ? value : current;

/**
 * Survey campaigns: lookup by token (public), and management for a business (store.campaigns.read /
 * .write) or the operator. A business acts only on its own campaigns and stores: anything else is
 * answered as not found. Validation errors change nothing.
 */
export class SurveyCampaignService {
  constructor(private readonly ctx: BaseContext) {}

  /** The campaign with this token, or null (a miss is the `unknown_token` status, not an error). */
  findByToken(token: string, em: EntityManager = this.ctx.em): Promise<SurveyCampaign | null> {
    if (token.length === 0 || token.length > MAX_CAMPAIGN_TOKEN_LENGTH) return Promise.resolve(null);
    return em.findOne(SurveyCampaign, { token });
  }

  private manager(scope: Scope): Manager {
    const caller = requireAuthenticated(this.ctx.principal);
    if (caller.kind === 'operator') return { businessAccountId: null };
    return { businessAccountId: requireBusinessScope(caller, scope).businessAccountId };
  }

  /** The caller as a reader of campaigns and their results (store.campaigns.read, or the operator). */
  reader(): CampaignManager {
    return this.manager('store.campaigns.read');
  }

  /** The campaign `id` if `reader` may read it; else (another business's, unknown, malformed) NOT_FOUND. */
  readable(reader: CampaignManager, id: string): Promise<SurveyCampaign> {
    return this.owned(this.ctx.em, id, reader);
  }

  /** The newest campaigns of the caller's business (the operator: of all, or of the business named). */
  list(businessAccountId: string | null | undefined): Promise<SurveyCampaign[]> {
    const manager = this.manager('store.campaigns.read');
    const owner = manager.businessAccountId ?? businessAccountId ?? null;
    if (manager.businessAccountId && businessAccountId && businessAccountId !== manager.businessAccountId)
      throw new ForbiddenError('A business token acts only for its own business account.', 'other_business');
    if (owner !== null && !isUuid(owner)) return Promise.resolve([]);
    return this.ctx.em.find(SurveyCampaign, owner ? { businessAccountId: owner } : {}, {
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: SURVEY_CAMPAIGN_LIST_CAP,
    });
  }

  /** Creates a campaign of the caller's business (the operator names the business or the store). */
  async create(input: CreateSurveyCampaignInput): Promise<SurveyCampaign> {
    const manager = this.manager('store.campaigns.write');
    const v = new Validation();
    const questions = checkQuestions(v, input.questions);
    const fields = checkFields(v, input, { name: input.name });
    if (input.token !== null && input.token !== undefined) {
      if (manager.businessAccountId)
        throw new ForbiddenError('Only the operator chooses a campaign token.', 'token_not_allowed');
      v.check(TOKEN_PATTERN.test(input.token), 'token', '8 to 64 of A-Z a-z 0-9 _ -');
    }
    if (input.storeId && !isUuid(input.storeId)) throw storeNotFound();
    v.throwIfInvalid();
    return this.ctx.em.transactional(async (tx) => {
      const businessAccountId = await this.owner(tx, manager, input.businessAccountId, input.storeId);
      const token = input.token ?? randomBytes(24).toString('base64url');
      if (await tx.count(SurveyCampaign, { token }))
        throw new ConflictError('A campaign already has this token.', 'token_taken');
      const campaign = tx.create(SurveyCampaign, {
        businessAccountId,
        storeId: input.storeId ?? null,
        token,
        questions,
        ...fields,
      });
      await tx.flush();
      return campaign;
    });
  }

  /** Changes a campaign; new questions only while it has no responses (CONFLICT survey_has_responses). */
  async update(input: UpdateSurveyCampaignInput): Promise<SurveyCampaign> {
    const manager = this.manager('store.campaigns.write');
    return this.ctx.em.transactional(async (tx) => {
      const campaign = await this.owned(tx, input.id, manager);
      const v = new Validation();
      v.check(input.name !== null, 'name', 'must not be null');
      const questions = input.questions ? checkQuestions(v, input.questions) : null;
      const fields = checkFields(v, input, campaign);
      v.throwIfInvalid();
      if (questions) {
        const answered = await tx.execute<unknown[]>(
          'select 1 from "survey_response" where "campaign_id" = ? limit 1',
          [campaign.id],
        );
        if (answered.length > 0)
          throw new ConflictError('The questions cannot change once the survey has responses.', 'survey_has_responses');
        campaign.questions = questions;
      }
      tx.assign(campaign, fields);
      await tx.flush();
      return campaign;
    });
  }

  private async owned(em: EntityManager, id: string, { businessAccountId }: Manager): Promise<SurveyCampaign> {
    const campaign = isUuid(id)
      ? await em.findOne(SurveyCampaign, { id, ...(businessAccountId ? { businessAccountId } : {}) })
      : null;
    if (!campaign) throw campaignNotFound();
    return campaign;
  }

  /** The business a new campaign belongs to, after checking the store (if any) is that business's. */
  private async owner(
    em: EntityManager,
    manager: Manager,
    named: string | null | undefined,
    storeId: string | null | undefined,
  ): Promise<string> {
    if (manager.businessAccountId && named && named !== manager.businessAccountId)
      throw new ForbiddenError('A business token acts only for its own business account.', 'other_business');
    const storeOwner = storeId
      ? ((
          await em.execute<{ business_account_id: string }[]>(
            'select "business_account_id" from "store" where "id" = ?',
            [storeId],
          )
        )[0]?.business_account_id ?? null)
      : null;
    if (storeId && storeOwner === null) throw storeNotFound();
    const business = manager.businessAccountId ?? named ?? storeOwner;
    if (!business || !isUuid(business))
      throw new BadUserInputError(
        'The operator must name the business account or a store.',
        [{ path: 'businessAccountId', message: 'required, a UUID' }],
        'validation_failed',
      );
    if (storeOwner !== null && storeOwner !== business) throw storeNotFound();
    if (!storeId) await this.requireBusiness(em, business);
    return business;
  }

  private async requireBusiness(em: EntityManager, id: string): Promise<void> {
    const rows = await em.execute<unknown[]>('select 1 from "business_account" where "id" = ?', [id]);
    if (rows.length === 0) throw new NotFoundError('No business account has this id.', 'business_not_found');
  }
}

/** The campaign columns after `input` (absent fields keep `current`'s), with problems added to `v`. */
function checkFields(
  v: Validation,
  input: SurveyCampaignFieldsInput & { name?: string | null },
  current: Partial<Pick<SurveyCampaign, 'name' | 'description' | 'startsAt' | 'endsAt'>> &
    Partial<Pick<SurveyCampaign, 'isActive' | 'isAnonymous' | 'onePerRespondent'>>,
) {
  const name = (input.name ?? current.name ?? '').trim();
  const description = given(input, 'description', input.description?.trim() || null, current.description ?? null);
  const startsAt = given(input, 'startsAt', input.startsAt ?? null, current.startsAt ?? null);
  const endsAt = given(input, 'endsAt', input.endsAt ?? null, current.endsAt ?? null);
  v.check(name.length >= 1 && name.length <= 200, 'name', '1 to 200 characters');
  v.check((description?.length ?? 0) <= 2000, 'description', 'at most 2000 characters');
  v.check(!startsAt || !endsAt || endsAt.getTime() > startsAt.getTime(), 'endsAt', 'must be after startsAt');
  return {
    name,
    description,
    startsAt,
    endsAt,
    isActive: input.isActive ?? current.isActive ?? true,
    isAnonymous: input.isAnonymous ?? current.isAnonymous ?? false,
    onePerRespondent: input.onePerRespondent ?? current.onePerRespondent ?? true,
  };
}
