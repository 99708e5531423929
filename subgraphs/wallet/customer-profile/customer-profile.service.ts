import type DataLoader from 'dataloader';
import { requireBusinessScope } from '../../kernel/auth/access.js';
import { connectionOf, pageArgs } from '../../kernel/connection.js';
import type { BaseContext } from '../../kernel/context.js';
import { isUuid } from '../../kernel/db/uuid.js';
import { NotFoundError, Validation } from '../../kernel/errors.js';
import { keyedLoader } from '../../kernel/loaders.js';
import { profileReader } from '../../kernel/privacy/customer-profile.js';
import { PROFILES_SCOPE } from '../../kernel/privacy/min-group.js';
import { BusinessCustomer } from '../business-customer/business-customer.entity.js';
import { customerPage } from '../business-customer/business-customer.store.js';
import {
  CustomerProfile,
  type CustomerProfileConnection,
  type CustomerProfilesArgs,
} from './customer-profile.types.js';

const profileOf = (record: BusinessCustomer): CustomerProfile =>
  Object.assign(new CustomerProfile(), { id: record.id, record });

/**
 * The business's customer profiles (crm.profiles.read): a business token reads its own; another
 * business's profile, or an id of no record, is NOT_FOUND customer_profile_not_found.
 */
export class CustomerProfileService {
  /** Records of the caller's business by id (root query and references), one query per batch. */
  private readonly readable: DataLoader<string, BusinessCustomer | null>;

  constructor(private readonly ctx: BaseContext) {
    this.readable = keyedLoader<string, BusinessCustomer>(
      async (ids) => {
        const businessAccountId = profileReader(ctx.principal);
        const wanted = ids.filter(isUuid);
        if (businessAccountId === null || wanted.length === 0) return [];
        return ctx.em.find(BusinessCustomer, { id: { $in: wanted }, businessAccountId });
      },
      (record) => record.id,
    );
  }

  /** A page of the business's profiles, newest record first (keyset on created_at, id). */
  async list(args: CustomerProfilesArgs): Promise<CustomerProfileConnection> {
    const { businessAccountId } = requireBusinessScope(this.ctx.principal, PROFILES_SCOPE);
    const v = new Validation();
    const page = pageArgs(args, ['date', 'string'], v);
    v.throwIfInvalid();
    const filter = { businessAccountId, text: null, source: null, consent: null };
    const rows = await customerPage(this.ctx.em, filter, page.first, page.after);
    return connectionOf(rows.map(profileOf), page.first, (p) => [p.record.createdAt, p.id], page.after !== null);
  }

  /** One profile of the caller's business. */
  async get(id: string): Promise<CustomerProfile> {
    requireBusinessScope(this.ctx.principal, PROFILES_SCOPE);
    const profile = await this.reference(id);
    if (!profile)
      throw new NotFoundError('No customer profile of this business has this id.', 'customer_profile_not_found');
    return profile;
  }

  /** The profile a federation reference names, or null when the caller may not read it. */
  async reference(id: string): Promise<CustomerProfile | null> {
    const record = await this.readable.load(id);
    return record ? profileOf(record) : null;
  }
}
