import { connectionOf, pageArgs } from '../../kernel/connection.js';
import type { BaseContext } from '../../kernel/context.js';
import { isUuid } from '../../kernel/db/uuid.js';
import { NotFoundError, Validation } from '../../kernel/errors.js';
import { requireProfilesReader, segmentBusiness, segmentDefiner, segmentReader } from './segment-access.js';
import type { Rule } from './segment-rule.js';
import { checkRule, ruleReferences } from './segment-rule.validation.js';
import { pageStatement } from '../../kernel/segments/segment-sql.js';
import { Segment, SEGMENT_LIMITS, SegmentTarget, type SegmentTargetKind } from './segment.entity.js';
import type {
  CreateSegmentInput,
  SegmentMembersArgs,
  SegmentsArgs,
  SegmentTargetInput,
  UpdateSegmentInput,
} from './segment.input.js';
import type { SegmentConnection, SegmentMemberConnection } from './segment.types.js';

const segmentNotFound = () => new NotFoundError('No segment of this business has this id.', 'segment_not_found');

/** Which table holds each kind of targetable content (all have business_account_id). */
const CONTENT_TABLE: Readonly<Record<SegmentTargetKind, string>> = { coupon: 'coupon', flyer: 'flyer' };

/** The tables the ids of a rule must be the business's rows of. */
const REFERENCE_TABLES = [
  ['storeIds', 'store', 'store_not_found'],
  ['checkInCampaignIds', 'check_in_campaign', 'campaign_not_found'],
  ['surveyCampaignIds', 'survey_campaign', 'campaign_not_found'],
] as const;

/**
 * Segments of a business (crm.segments.read): read by the business's tokens, defined only through a
 * first-party app (segment-access.ts) or by the operator. Another business's segment, store, campaign
 * or content is NOT_FOUND, never revealed.
 */
export class SegmentService {
  constructor(private readonly ctx: BaseContext) {}

  /** A page of the caller's segments (the operator: of the named business, or all), newest first. */
  async list(args: SegmentsArgs): Promise<SegmentConnection> {
    const business = segmentReader(this.ctx.principal) ?? args.businessAccountId ?? null;
    const v = new Validation();
    const { first, after } = pageArgs(args, ['date', 'string'], v);
    v.check(business === null || isUuid(business), 'businessAccountId', 'must be a UUID').throwIfInvalid();
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, ...values: unknown[]) => (where.push(sql), params.push(...values));
    if (business) add('"business_account_id" = ?', business);
    if (after) add('("created_at", "id") < (?, ?)', ...after);
    const rows = await this.ctx.em.execute<Record<string, unknown>[]>(
      `select * from "segment" where ${where.join(' and ') || 'true'} order by "created_at" desc, "id" desc limit ?`,
      [...params, first + 1],
    );
    const segments = rows.map((row) => this.ctx.em.map(Segment, row));
    return connectionOf(segments, first, (s) => [s.createdAt, s.id], after !== null);
  }

  /** One segment of the caller's business; NOT_FOUND segment_not_found otherwise. */
  get(id: string): Promise<Segment> {
    return this.owned(id, segmentReader(this.ctx.principal));
  }

  /** A new segment; its rule is checked and may name only the business's stores and campaigns. */
  async create(input: CreateSegmentInput): Promise<Segment> {
    const business = segmentBusiness(await segmentDefiner(this.ctx.principal, this.ctx.em), input.businessAccountId);
    const v = new Validation();
    const fields = this.checkTexts(v, input.name, input.description ?? '');
    const rule = checkRule(v, input.rule);
    v.throwIfInvalid();
    await this.checkReferences(rule!, business);
    const segment = this.ctx.em.create(Segment, { businessAccountId: business, ...fields, rule: rule! });
    await this.ctx.em.flush();
    return segment;
  }

  /** Changes a segment's name, description or rule (absent fields stay). */
  async update(input: UpdateSegmentInput): Promise<Segment> {
    const segment = await this.owned(input.id, await segmentDefiner(this.ctx.principal, this.ctx.em));
    const v = new Validation();
    const fields = this.checkTexts(v, input.name ?? segment.name, input.description ?? segment.description);
    v.check(input.name !== null, 'name', 'must not be null');
    const rule = input.rule ? checkRule(v, input.rule) : segment.rule;
    v.throwIfInvalid();
    if (input.rule) await this.checkReferences(rule!, segment.businessAccountId);
    this.ctx.em.assign(segment, { ...fields, rule: rule! });
    await this.ctx.em.flush();
    return segment;
  }

  /** Deletes a segment and its targets; answers its id. */
  async delete(id: string): Promise<string> {
    const segment = await this.owned(id, await segmentDefiner(this.ctx.principal, this.ctx.em));
    await this.ctx.em.execute('delete from "segment" where "id" = ?', [segment.id], 'run');
    return segment.id;
  }

  /** Targets a coupon or flyer of the segment's business (idempotent); NOT_FOUND content_not_found otherwise. */
  async addTarget(input: SegmentTargetInput): Promise<Segment> {
    const segment = await this.owned(input.segmentId, await segmentDefiner(this.ctx.principal, this.ctx.em));
    const content = isUuid(input.contentId)
      ? await this.ctx.em.execute<{ id: string }[]>(
          `select "id" from "${CONTENT_TABLE[input.kind]}" where "id" = ? and "business_account_id" = ?`,
          [input.contentId, segment.businessAccountId],
        )
      : [];
    if (content.length === 0)
      throw new NotFoundError(`No ${input.kind} of this business has this id.`, 'content_not_found');
    const count = await this.ctx.em.count(SegmentTarget, { segmentId: segment.id });
    new Validation()
      .check(count < SEGMENT_LIMITS.targets, 'segmentId', `has the most targets allowed (${SEGMENT_LIMITS.targets})`)
      .throwIfInvalid();
    const now = new Date();
    await this.ctx.em.execute(
      `insert into "segment_target" ("id", "created_at", "updated_at", "segment_id", "kind", "content_id")
       values (?, ?, ?, ?, ?, ?) on conflict ("segment_id", "kind", "content_id") do nothing`,
      [new SegmentTarget().id, now, now, segment.id, input.kind, input.contentId],
      'run',
    );
    return segment;
  }

  /** Stops targeting a coupon or flyer (idempotent). */
  async removeTarget(input: SegmentTargetInput): Promise<Segment> {
    const segment = await this.owned(input.segmentId, await segmentDefiner(this.ctx.principal, this.ctx.em));
    if (isUuid(input.contentId))
      await this.ctx.em.execute(
        'delete from "segment_target" where "segment_id" = ? and "kind" = ? and "content_id" = ?',
        [segment.id, input.kind, input.contentId],
        'run',
      );
    return segment;
  }

  /** A page of members by user id: only to crm.profiles.read (or the operator), else FORBIDDEN. */
  async members(segment: Segment, args: SegmentMembersArgs): Promise<SegmentMemberConnection> {
    requireProfilesReader(this.ctx.principal);
    const v = new Validation();
    const { first, after } = pageArgs(args, ['string'], v);
    v.check(after === null || isUuid(after[0] as string), 'after', 'is not a cursor of this list').throwIfInvalid();
    const page = pageStatement(
      segment.rule,
      segment.businessAccountId,
      new Date(),
      (after?.[0] as string) ?? null,
      first + 1,
    );
    const rows = await this.ctx.em.execute<{ user_id: string }[]>(page.sql, page.params);
    const members = rows.map((r) => ({ userId: r.user_id, businessAccountId: segment.businessAccountId }));
    return connectionOf(members, first, (m) => [m.userId], after !== null);
  }

  private async owned(id: string, business: string | null): Promise<Segment> {
    if (!isUuid(id)) throw segmentNotFound();
    const segment = await this.ctx.em.findOne(Segment, { id });
    if (!segment || (business !== null && segment.businessAccountId !== business)) throw segmentNotFound();
    return segment;
  }

  private checkTexts(v: Validation, name: string, description: string) {
    const fields = { name: name.trim(), description: description.trim() };
    v.check(
      fields.name.length >= 1 && fields.name.length <= SEGMENT_LIMITS.name,
      'name',
      'must be 1 to 200 characters',
    );
    v.check(fields.description.length <= SEGMENT_LIMITS.description, 'description', 'must be at most 2000 characters');
    return fields;
  }

  /** NOT_FOUND store_not_found / campaign_not_found when the rule names another business's row. */
  private async checkReferences(rule: Rule, business: string): Promise<void> {
    const refs = ruleReferences(rule);
    for (const [key, table, reason] of REFERENCE_TABLES) {
      const ids = [...refs[key]];
      if (ids.length === 0) continue;
      const found = await this.ctx.em.execute<{ id: string }[]>(
        `select "id" from "${table}" where "business_account_id" = ? and "id" in (${ids.map(() => '?').join(', ')})`,
        [business, ...ids],
      );
      if (found.length !== ids.length)
        throw new NotFoundError(`The rule names a ${table} not of this business.`, reason);
    }
  }
}
