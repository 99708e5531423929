import { ForeignKeyConstraintViolationException } from '@mikro-orm/core';
import { requireUser } from '../../kernel/auth/access.js';
import type { Principal } from '../../kernel/auth/principal.js';
import type { BaseContext } from '../../kernel/context.js';
import { isUuid } from '../../kernel/db/uuid.js';
import { BadUserInputError, ConflictError, ForbiddenError, NotFoundError, Validation } from '../../kernel/errors.js';
import { customerNotFound, findShop, requireCustomerForCaller, type WalletShop } from './customer-access.js';
import { cardRanks, pointsOnSignUp, rankCodeFor } from './customer-rank.js';
import { Customer } from './customer.entity.js';
import { adjustPoints, insertMembership, MAX_POINTS, setRank, type CustomerChange } from './customer.store.js';
import type { CreateCustomerInput, CustomerPage, ShopCustomersArgs } from './customer.types.js';

/** Page sizes of a shop's customers (DECISIONS paging: below 1 is a 400, above the cap clamped). */
export const CUSTOMER_PAGE = { defaultSize: 50, maxSize: 100 } as const;
/** Largest change of points one adjustment may make, either way. */
export const MAX_POINTS_DELTA = 10_000_000;
/** Longest reason of an adjustment (characters). */
const MAX_REASON = 200;

const appNotFound = () => new NotFoundError('No shop app has this shopId.', 'app_not_found');
const encodeCursor = (memberNumber: string) => Buffer.from(JSON.stringify([memberNumber])).toString('base64url');

function decodeCursor(text: string): string | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    const [memberNumber] = Array.isArray(value) && value.length === 1 ? (value as unknown[]) : [];
    return typeof memberNumber === 'string' && /^[0-9]{1,16}$/.test(memberNumber) ? memberNumber : null;
  } catch {
    return null;
  }
}

/** The shop's staff: the operator or a business token (access.ts has checked the scope). */
function requireShopStaff(principal: Principal): void {
  if (principal.kind !== 'operator' && principal.kind !== 'business')
    throw new ForbiddenError('This operation needs a business token.', 'business_token_required');
}

/** The code must name a rank of the shop's card; BAD_USER_INPUT at `path` otherwise. */
function checkRankCode(shop: WalletShop, rankCode: string, path: string): void {
  if (!cardRanks(shop.membershipCard).some((rank) => rank.code === rankCode))
    throw new BadUserInputError('The request is invalid.', [
      { path, message: "must be the code of a rank of the shop app's membership card" },
    ]);
}

/** Customers (memberships) of shop apps: joining, the member's own list, and the shop's administration. */
export class CustomerService {
  constructor(private readonly ctx: BaseContext) {}

  /** Makes the calling user a member of the shop app; joining again answers the existing membership. */
  async join(shopId: string): Promise<Customer> {
    const { userId } = requireUser(this.ctx.principal);
    const shop = await findShop(this.ctx, shopId);
    if (!shop) throw appNotFound();
    const points = pointsOnSignUp(shop.membershipCard);
    const rankCode = rankCodeFor(cardRanks(shop.membershipCard), points);
    const created = await insertMembership(this.ctx.em, { shopAppId: shop.shopAppId, userId, points, rankCode });
    return created ?? (await this.ctx.em.findOneOrFail(Customer, { shopAppId: shop.shopAppId, userId }));
  }

  /** The calling user's memberships, oldest first. */
  mine(): Promise<Customer[]> {
    const { userId } = requireUser(this.ctx.principal);
    return this.ctx.em.find(Customer, { userId }, { orderBy: { id: 'asc' } });
  }

  /** One page of the customers of a shop app the caller manages, by member number. */
  async list(args: ShopCustomersArgs): Promise<CustomerPage> {
    const shop = await this.managedShop(args.shopId);
    const size = Math.min(args.first ?? CUSTOMER_PAGE.defaultSize, CUSTOMER_PAGE.maxSize);
    const after = args.after ? decodeCursor(args.after) : null;
    new Validation()
      .check(size >= 1, 'first', 'must be 1 or more')
      .check(!args.after || after !== null, 'after', 'must be a nextCursor this API returned')
      .throwIfInvalid();
    const rows = await this.ctx.em.find(
      Customer,
      { shopAppId: shop.shopAppId, ...(after ? { memberNumber: { $gt: after } } : {}) },
      { orderBy: { memberNumber: 'asc' }, limit: size + 1 },
    );
    const items = rows.slice(0, size);
    const last = items.at(-1);
    return { items, nextCursor: rows.length > size && last ? encodeCursor(last.memberNumber) : null };
  }

  /** A customer of a shop app the caller manages; NOT_FOUND `customer_not_found` otherwise. */
  async get(shopId: string, customerId: string): Promise<Customer> {
    requireShopStaff(this.ctx.principal);
    return (await requireCustomerForCaller(this.ctx, shopId, customerId)).customer;
  }

  /**
   * Adds `delta` points (negative: takes them away) and sets the rank the new points reach, in one
   * statement; CONFLICT `insufficient_points` when the points would fall below 0 (nothing changes).
   */
  async adjustPoints(shopId: string, customerId: string, delta: number, reason: string | null): Promise<Customer> {
    requireShopStaff(this.ctx.principal);
    const why = reason?.trim() || null;
    new Validation()
      .check(
        delta !== 0 && Math.abs(delta) <= MAX_POINTS_DELTA,
        'delta',
        `must be -${MAX_POINTS_DELTA} to ${MAX_POINTS_DELTA}, not 0`,
      )
      .check(why === null || [...why].length <= MAX_REASON, 'reason', `must be at most ${MAX_REASON} characters`)
      .throwIfInvalid();
    const { customer, shop } = await requireCustomerForCaller(this.ctx, shopId, customerId);
    const changed = await adjustPoints(this.ctx.em, delta, this.changeOf(customer, shop, why));
    if (changed) return changed;
    const now = await this.ctx.em.findOne(Customer, { id: customer.id }, { refresh: true });
    if (!now) throw customerNotFound();
    if (now.points + delta < 0)
      throw new ConflictError(`The customer has ${now.points} points, fewer than ${-delta}.`, 'insufficient_points');
    throw new ConflictError(`A customer holds at most ${MAX_POINTS} points.`, 'points_limit_exceeded');
  }

  /** Puts the customer on a rank of the card by hand, or (null) back on the rank its points reach. */
  async setRank(shopId: string, customerId: string, rankCode: string | null): Promise<Customer> {
    requireShopStaff(this.ctx.principal);
    const { customer, shop } = await requireCustomerForCaller(this.ctx, shopId, customerId);
    if (rankCode !== null) checkRankCode(shop, rankCode, 'rankCode');
    const changed = await setRank(this.ctx.em, rankCode, this.changeOf(customer, shop, null));
    if (!changed) throw customerNotFound();
    return changed;
  }

  /** The operator makes a user a member of a shop app with given points and rank (`customer:create`). */
  async create(input: CreateCustomerInput): Promise<Customer> {
    if (this.ctx.principal.kind !== 'operator')
      throw new ForbiddenError('This action is reserved for operators.', 'operator_only');
    const shop = await findShop(this.ctx, input.shopId);
    if (!shop) throw appNotFound();
    const points = input.points ?? pointsOnSignUp(shop.membershipCard);
    new Validation()
      .check(isUuid(input.userId), 'input.userId', 'must be a user id (UUID)')
      .check(
        Number.isInteger(points) && points >= 0 && points <= MAX_POINTS,
        'input.points',
        `must be 0 to ${MAX_POINTS}`,
      )
      .throwIfInvalid();
    if (input.rankCode != null) checkRankCode(shop, input.rankCode, 'input.rankCode');
    const rankCode = input.rankCode ?? rankCodeFor(cardRanks(shop.membershipCard), points);
    let created: Customer | null;
    try {
      created = await insertMembership(this.ctx.em, {
        shopAppId: shop.shopAppId,
        userId: input.userId,
        points,
        rankCode,
      });
    } catch (error) {
      if (error instanceof ForeignKeyConstraintViolationException)
        throw new NotFoundError('No user account has this id.', 'user_not_found');
      throw error;
    }
    if (!created) throw new ConflictError('The user is already a member of this shop app.', 'customer_exists');
    return created;
  }

  /** The shop app `shopId` when the caller manages it (operator, or its business); else `app_not_found`. */
  private async managedShop(shopId: string): Promise<WalletShop> {
    const principal = this.ctx.principal;
    requireShopStaff(principal);
    const shop = await findShop(this.ctx, shopId);
    if (!shop || (principal.kind === 'business' && principal.businessAccountId !== shop.businessAccountId))
      throw appNotFound();
    return shop;
  }

  private changeOf(customer: Customer, shop: WalletShop, reason: string | null): CustomerChange {
    return { customerId: customer.id, shopId: shop.shopId, businessAccountId: shop.businessAccountId, reason };
  }
}
