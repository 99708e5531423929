import type { BaseContext } from '../../kernel/context.js';
import { Validation } from '../../kernel/errors.js';
import type { ShopApp } from './shop-app.entity.js';
import type { ShopAppService } from './shop-app.service.js';
import { COLOUR } from './shop-app.validation.js';
import {
  BarcodeFormat,
  type MembershipCardConfig,
  type MembershipCardConfigInput,
  type MembershipCardDesign,
  type MembershipRank,
  type PointRules,
} from './membership-card.types.js';

/** The rules and design of a card not yet configured. */
export const DEFAULT_POINT_RULES: PointRules = {
  yenPerPoint: 100,
  pointsOnSignUp: 0,
  pointsPerVisit: 0,
  expiryMonths: null,
};
export const DEFAULT_DESIGN: MembershipCardDesign = {
  backgroundColor: '#FFFFFF',
  foregroundColor: '#1F2933',
  labelColor: '#6B7280',
  logoText: null,
  barcodeFormat: BarcodeFormat.qr,
};
const RANK_CODE = /^[a-z0-9_-]{1,32}$/;
const MAX_POINTS = 100_000_000;

/** The stored document of a configured card. */
interface StoredCard {
  ranks: MembershipRank[];
  pointRules: PointRules;
  design: MembershipCardDesign;
  updatedAt: string;
}

/** Membership card configs of shop apps: the public read and the write by the app's business or the operator. */
export class MembershipCardService {
  constructor(
    private readonly ctx: BaseContext,
    private readonly apps: ShopAppService,
  ) {}

  async get(shopId: string): Promise<MembershipCardConfig> {
    return configOf(await this.apps.getByShopId(shopId));
  }

  /** Replaces the card config of an app the caller manages, validated as a whole. */
  async set(shopId: string, input: MembershipCardConfigInput): Promise<MembershipCardConfig> {
    const app = await this.apps.getManaged(shopId);
    const card = checkCard(input);
    this.ctx.em.assign(app, { membershipCard: { ...card, updatedAt: new Date().toISOString() } });
    await this.ctx.em.flush();
    return configOf(app);
  }
}

function configOf(app: ShopApp): MembershipCardConfig {
  const card = app.membershipCard as StoredCard | null | undefined;
  if (!card)
    return {
      shopId: app.shopId,
      enabled: false,
      ranks: [],
      pointRules: { ...DEFAULT_POINT_RULES },
      design: { ...DEFAULT_DESIGN },
      updatedAt: app.createdAt,
    };
  return { shopId: app.shopId, enabled: true, ...card, updatedAt: new Date(card.updatedAt) };
}

const within = (value: number, min: number, max: number) => Number.isInteger(value) && value >= min && value <= max;
const length = (value: string, min: number, max: number) => [...value].length >= min && [...value].length <= max;

export function checkCard(input: MembershipCardConfigInput): Omit<StoredCard, 'updatedAt'> {
  const v = new Validation();
  v.check(input.ranks.length >= 1 && input.ranks.length <= 10, 'ranks', 'must be 1 to 10 ranks');
  const ranks = input.ranks.slice(0, 10).map((rank, i) => {
    const path = `ranks.${i}`;
    const name = rank.name.trim();
    const benefits = rank.benefits.map((benefit) => benefit.trim());
    const previous = input.ranks[i - 1];
    v.check(RANK_CODE.test(rank.code), `${path}.code`, 'must be 1 to 32 of a-z 0-9 _ -')
      .check(input.ranks.findIndex((other) => other.code === rank.code) === i, `${path}.code`, 'must not repeat')
      .check(length(name, 1, 40), `${path}.name`, 'must be 1 to 40 characters')
      .check(
        i === 0 ? rank.minPoints === 0 : within(rank.minPoints, (previous?.minPoints ?? 0) + 1, MAX_POINTS),
        `${path}.minPoints`,
        i === 0 ? 'must be 0 for the first rank' : `must exceed the previous rank's, at most ${MAX_POINTS}`,
      )
      .check(COLOUR.test(rank.color), `${path}.color`, 'must be a colour #RRGGBB')
      .check(benefits.length <= 10, `${path}.benefits`, 'at most 10')
      .check(
        benefits.every((b) => length(b, 1, 100)),
        `${path}.benefits`,
        'each 1 to 100 characters',
      );
    return { code: rank.code, name, minPoints: rank.minPoints, color: rank.color.toUpperCase(), benefits };
  });
  const rules = input.pointRules;
  v.check(within(rules.yenPerPoint, 1, 100_000), 'pointRules.yenPerPoint', 'must be 1 to 100000')
    .check(within(rules.pointsOnSignUp, 0, 100_000), 'pointRules.pointsOnSignUp', 'must be 0 to 100000')
    .check(within(rules.pointsPerVisit, 0, 100_000), 'pointRules.pointsPerVisit', 'must be 0 to 100000')
    .check(
      rules.expiryMonths === null || rules.expiryMonths === undefined || within(rules.expiryMonths, 1, 120),
      'pointRules.expiryMonths',
      'must be 1 to 120, or null (never)',
    );
  const design = input.design;
  const logoText = design.logoText?.trim() || null;
  for (const key of ['backgroundColor', 'foregroundColor', 'labelColor'] as const)
    v.check(COLOUR.test(design[key]), `design.${key}`, 'must be a colour #RRGGBB');
  v.check(logoText === null || length(logoText, 1, 40), 'design.logoText', 'at most 40 characters');
  v.throwIfInvalid();
  return {
    ranks,
    pointRules: { ...rules, expiryMonths: rules.expiryMonths ?? null },
    design: {
      backgroundColor: design.backgroundColor.toUpperCase(),
      foregroundColor: design.foregroundColor.toUpperCase(),
      labelColor: design.labelColor.toUpperCase(),
      logoText,
      barcodeFormat: design.barcodeFormat,
    },
  };
}
