import { requireOperator } from '../../kernel/auth/access.js';
import type { BaseContext } from '../../kernel/context.js';
import { Validation } from '../../kernel/errors.js';
import { BusinessAccount } from './business-account.entity.js';
import type { CreateBusinessAccountInput } from './business-account.input.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Business accounts: creation by operators; owners and memberships arrive with the identity issue. */
export class BusinessAccountService {
  constructor(private readonly ctx: BaseContext) {}

  async create(input: CreateBusinessAccountInput): Promise<BusinessAccount> {
    requireOperator(this.ctx.principal);
    const name = input.name.trim();
    const ownerEmail = input.ownerEmail.trim().toLowerCase();
    new Validation()
      .check(name.length >= 1 && name.length <= 200, 'name', 'must be 1 to 200 characters')
      .check(ownerEmail.length <= 320 && EMAIL.test(ownerEmail), 'ownerEmail', 'must be an email address')
      .throwIfInvalid();
    const account = this.ctx.em.create(BusinessAccount, { name, ownerEmail });
    await this.ctx.em.flush();
    return account;
  }
}
