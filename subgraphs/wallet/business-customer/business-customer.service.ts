import { ForeignKeyConstraintViolationException } from '@mikro-orm/core';
import { requireBusinessScope } from '../../kernel/auth/access.js';
import type { Principal } from '../../kernel/auth/principal.js';
import { connectionOf, pageArgs } from '../../kernel/connection.js';
import type { BaseContext } from '../../kernel/context.js';
import { isUuid } from '../../kernel/db/uuid.js';
import { BadUserInputError, ForbiddenError, NotFoundError, Validation } from '../../kernel/errors.js';
import { eraseBusinessCustomer } from '../../kernel/privacy/customer-erasure.js';
import { BusinessCustomer, BusinessCustomerSource } from './business-customer.entity.js';
import type {
  BusinessCustomerConsentInput,
  BusinessCustomersArgs,
  CreateBusinessCustomerInput,
  UpdateBusinessCustomerInput,
} from './business-customer.input.js';
import { customerPage, setConsent, type ConsentChange } from './business-customer.store.js';
import { contactOf } from './business-customer-validation.js';
import { CustomerConsent, type BusinessCustomerConnection } from './business-customer.types.js';

type Scope = 'store.customers.read' | 'store.customers.write';

/** Longest text filter of the list, in characters. */
const MAX_TEXT = 100;

const recordNotFound = () =>
  new NotFoundError('No customer record of this business has this id.', 'business_customer_not_found');

/** The business a caller acts for: a business token's own, or null for the operator (any). */
function managerOf(principal: Principal, scope: Scope): string | null {
  if (principal.kind === 'operator') return null;
  return requireBusinessScope(principal, scope).businessAccountId;
}

/**
 * The business a list or a new record is of: a business token's own (naming another is FORBIDDEN
 * other_business), or the one the operator names (required).
 */
function namedBusiness(principal: Principal, scope: Scope, named: string | null | undefined): string {
  const own = managerOf(principal, scope);
  if (own !== null) {
    if (named && named !== own)
      throw new ForbiddenError('A business token acts only for its own business account.', 'other_business');
    return own;
  }
  if (!named || !isUuid(named))
    throw new BadUserInputError('The operator must name the business account.', [
      { path: 'businessAccountId', message: 'required, a UUID' },
    ]);
  return named;
}

/** The consent flags an input sets (absent and null: unchanged). */
function consentOf(input: Partial<Record<CustomerConsent, boolean | null>>): ConsentChange {
  const change: ConsentChange = {};
  for (const flag of Object.values(CustomerConsent)) {
    const value = input[flag];
    if (value !== null && value !== undefined) change[flag] = value;
  }
  return change;
}

/**
 * A business's customer records (store.customers.read / .write) and the operator's: a business acts
 * only on its own records; another business's record is not found, never revealed.
 */
export class BusinessCustomerService {
  constructor(private readonly ctx: BaseContext) {}

  /** A page of the business's records, newest first, filtered by text, source and consent. */
  async list(args: BusinessCustomersArgs): Promise<BusinessCustomerConnection> {
    const businessAccountId = namedBusiness(this.ctx.principal, 'store.customers.read', args.businessAccountId);
    const v = new Validation();
    const page = pageArgs(args, ['date', 'string'], v);
    const text = args.text === null || args.text === undefined ? null : args.text.normalize('NFKC').trim();
    v.check(
      text === null || (text !== '' && [...text].length <= MAX_TEXT),
      'text',
      `must be 1 to ${MAX_TEXT} characters`,
    );
    v.throwIfInvalid();
    const filter = { businessAccountId, text, source: args.source ?? null, consent: args.consent ?? null };
    const rows = await customerPage(this.ctx.em, filter, page.first, page.after);
    return connectionOf(rows, page.first, (c) => [c.createdAt, c.id], page.after !== null);
  }

  /** One record of the caller's business; NOT_FOUND business_customer_not_found otherwise. */
  get(id: string): Promise<BusinessCustomer> {
    return this.owned(id, managerOf(this.ctx.principal, 'store.customers.read'));
  }

  /** A record the business's staff enter (source staff); consent flags given are recorded as set now. */
  async create(input: CreateBusinessCustomerInput): Promise<BusinessCustomer> {
    const businessAccountId = namedBusiness(this.ctx.principal, 'store.customers.write', input.businessAccountId);
    const v = new Validation();
    const contact = contactOf(v, input, () => null);
    v.check(contact.name !== null, 'name', 'must be 1 to 200 characters');
    v.throwIfInvalid();
    const now = new Date();
    const consent = consentOf(input);
    const record = this.ctx.em.create(BusinessCustomer, {
      businessAccountId,
      source: BusinessCustomerSource.staff,
      ...contact,
      createdAt: now,
      updatedAt: now,
      marketingEmail: consent.marketingEmail ?? false,
      marketingEmailChangedAt: consent.marketingEmail === undefined ? null : now,
      marketingPush: consent.marketingPush ?? false,
      marketingPushChangedAt: consent.marketingPush === undefined ? null : now,
      dataSharing: consent.dataSharing ?? false,
      dataSharingChangedAt: consent.dataSharing === undefined ? null : now,
    });
    try {
      await this.ctx.em.flush();
    } catch (error) {
      if (error instanceof ForeignKeyConstraintViolationException)
        throw new NotFoundError('No business account has this id.', 'business_not_found');
      throw error;
    }
    return record;
  }

  /** Changes the contact fields given (null clears one). */
  async update(input: UpdateBusinessCustomerInput): Promise<BusinessCustomer> {
    const record = await this.owned(input.id, managerOf(this.ctx.principal, 'store.customers.write'));
    const v = new Validation();
    const contact = contactOf(v, input, (field) => record[field]);
    v.throwIfInvalid();
    this.ctx.em.assign(record, contact);
    await this.ctx.em.flush();
    return record;
  }

  /** Sets the consent flags given, each with the instant it changed; at least one is needed. */
  async setConsent(input: BusinessCustomerConsentInput): Promise<BusinessCustomer> {
    const businessAccountId = managerOf(this.ctx.principal, 'store.customers.write');
    const change = consentOf(input);
    new Validation()
      .check(
        Object.keys(change).length > 0,
        'marketingEmail',
        'give at least one of marketingEmail, marketingPush, dataSharing',
      )
      .throwIfInvalid();
    const record = isUuid(input.id)
      ? await setConsent(this.ctx.em, input.id, businessAccountId, change, new Date())
      : null;
    if (!record) throw recordNotFound();
    return record;
  }

  /** Erases the record for good (the kernel's erasure service); answers its id. */
  async delete(id: string): Promise<string> {
    const businessAccountId = managerOf(this.ctx.principal, 'store.customers.write');
    if (!(await eraseBusinessCustomer(this.ctx.em, businessAccountId, id))) throw recordNotFound();
    return id;
  }

  private async owned(id: string, businessAccountId: string | null): Promise<BusinessCustomer> {
    const record = isUuid(id)
      ? await this.ctx.em.findOne(BusinessCustomer, { id, ...(businessAccountId ? { businessAccountId } : {}) })
      : null;
    if (!record) throw recordNotFound();
    return record;
  }
}
