import { randomBytes } from 'node:crypto';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { requireBusinessScope } from '../../kernel/auth/access.js';
import type { BaseContext } from '../../kernel/context.js';
import type { EntityManager } from '../../kernel/db/orm.js';
import { isUuid } from '../../kernel/db/uuid.js';
import { ConflictError, NotFoundError, Validation } from '../../kernel/errors.js';
import { CheckInCampaign } from './check-in-campaign.entity.js';
import type {
  CheckInCampaignFieldsInput,
  CreateCheckInCampaignInput,
  UpdateCheckInCampaignInput,
} from './check-in-campaign.input.js';

/** How many campaigns a management list shows at most: the newest 200. */
export const BUSINESS_CHECK_IN_CAMPAIGN_CAP = 200;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** A fresh campaign token: 128 random bits, base64url (22 characters). */
export const newCampaignToken = (): string => randomBytes(16).toString('base64url');

const storeNotFound = () => new NotFoundError('No store of this business has this id.', 'store_not_found');
const campaignNotFound = () =>
  new NotFoundError('No check-in campaign of this business has this id.', 'campaign_not_found');

/** `value` when the input has the field, else `current` (absent means unchanged, null clears). */
const given = <T>(input: object, field: string, value: T, current: T): T =>
  (input as Record<string, unknown>)[field] !== undefined ? value : current;

/** Who manages: a business (its own campaigns and stores only) or the operator (null: any). */
interface Manager {
  readonly businessAccountId: string | null;
}

/**
 * Check-in campaign management for a business (store.campaigns.read / .write) and the operator. A
 * business acts only on its own campaigns and stores: anything else is answered as not found.
 * Validation errors change nothing.
 */
export class CheckInCampaignManagementService {
  constructor(private readonly ctx: BaseContext) {}

  private manager(scope: 'store.campaigns.read' | 'store.campaigns.write'): Manager {
    if (this.ctx.principal.kind === 'operator') return { businessAccountId: null };
    return { businessAccountId: requireBusinessScope(this.ctx.principal, scope).businessAccountId };
  }

  /** The newest campaigns of the caller's business (the operator: of all), of one store when asked. */
  async list(storeId: string | null | undefined): Promise<CheckInCampaign[]> {
    const { businessAccountId } = this.manager('store.campaigns.read');
    if (storeId) await this.storeOwner(storeId, businessAccountId);
    return this.ctx.em.find(
      CheckInCampaign,
      { ...(businessAccountId ? { businessAccountId } : {}), ...(storeId ? { storeId } : {}) },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit: BUSINESS_CHECK_IN_CAMPAIGN_CAP },
    );
  }

  /** Creates a campaign for a store of the caller's business, with a generated token unless the operator names one. */
  async create(input: CreateCheckInCampaignInput): Promise<CheckInCampaign> {
    const manager = this.manager('store.campaigns.write');
    const v = new Validation();
    const name = input.name.trim();
    if (input.token !== null && input.token !== undefined) {
      if (manager.businessAccountId !== null) v.add('token', 'only the operator may choose a token');
      else v.check(TOKEN_PATTERN.test(input.token), 'token', 'must be 8 to 64 of A-Z a-z 0-9 _ -');
    }
    const fields = checkFields(v, input, null, name);
    v.throwIfInvalid();
    const businessAccountId = await this.storeOwner(input.storeId, manager.businessAccountId);
    if (input.businessAccountId && input.businessAccountId !== businessAccountId) throw storeNotFound();
    const campaign = this.ctx.em.create(CheckInCampaign, {
      businessAccountId,
      storeId: input.storeId,
      token: input.token ?? newCampaignToken(),
      ...fields,
    });
    try {
      await this.ctx.em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException)
        throw new ConflictError('Another campaign has this token.', 'token_taken');
      throw error;
    }
    return campaign;
  }

  /** Changes name, description, window, switch or the per-day rule of a campaign of the caller's business. */
  async update(input: UpdateCheckInCampaignInput): Promise<CheckInCampaign> {
    const manager = this.manager('store.campaigns.write');
    const campaign = await this.owned(input.id, manager);
    const v = new Validation();
    v.check(input.name !== null, 'name', 'must not be null');
    const fields = checkFields(v, input, campaign, (input.name ?? campaign.name).trim());
    v.throwIfInvalid();
    this.ctx.em.assign(campaign, fields);
    await this.ctx.em.flush();
    return campaign;
  }

  private async owned(id: string, { businessAccountId }: Manager): Promise<CheckInCampaign> {
    const campaign = isUuid(id)
      ? await this.ctx.em.findOne(CheckInCampaign, { id, ...(businessAccountId ? { businessAccountId } : {}) })
      : null;
    if (!campaign) throw campaignNotFound();
    return campaign;
  }

  /** The business owning the store; a business caller must be it (else store_not_found). */
  private async storeOwner(
    storeId: string,
    businessAccountId: string | null,
    em: EntityManager = this.ctx.em,
  ): Promise<string> {
    if (!isUuid(storeId)) throw storeNotFound();
    const rows = await em.execute<{ business_account_id: string }[]>(
      'select "business_account_id" from "store" where "id" = ?',
      [storeId],
    );
    const owner = rows[0]?.business_account_id;
    if (!owner || (businessAccountId !== null && owner !== businessAccountId)) throw storeNotFound();
    return owner;
  }
}

/** The campaign's fields after the input (new values where given, else `current`'s), validated into `v`. */
function checkFields(v: Validation, input: CheckInCampaignFieldsInput, current: CheckInCampaign | null, name: string) {
  const keep = <T>(field: keyof CheckInCampaignFieldsInput, value: T, old: T): T => given(input, field, value, old);
  const fields = {
    name,
    description: keep('description', input.description?.trim() || null, current?.description ?? null),
    startsAt: keep('startsAt', input.startsAt ?? null, current?.startsAt ?? null),
    endsAt: keep('endsAt', input.endsAt ?? null, current?.endsAt ?? null),
    isActive: input.isActive ?? current?.isActive ?? true,
    allowRepeatCheckIns: input.allowRepeatCheckIns ?? current?.allowRepeatCheckIns ?? false,
  };
  v.check(name.length >= 1 && name.length <= 200, 'name', 'must be 1 to 200 characters');
  v.check((fields.description?.length ?? 0) <= 2000, 'description', 'must be at most 2000 characters');
  if (fields.startsAt && fields.endsAt)
    v.check(fields.endsAt.getTime() > fields.startsAt.getTime(), 'endsAt', 'must be after startsAt');
  return fields;
}
