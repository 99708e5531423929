import { requireOperator } from '../../kernel/auth/access.js';
import type { BaseContext } from '../../kernel/context.js';
import { Validation } from '../../kernel/errors.js';
import { isEmail, normalizeEmail } from '../email.js';
import { BusinessAccount } from './business-account.entity.js';
import type { CreateBusinessAccountInput } from './business-account.input.js';

/** Business accounts: creation by operators; ownership by owner email (see {@link BusinessAccountService.ownedBy}). */
export class BusinessAccountService {
  constructor(private readonly ctx: BaseContext) {}

  async create(input: CreateBusinessAccountInput): Promise<BusinessAccount> {
    requireOperator(this.ctx.principal);
    const name = input.name.trim();
    const ownerEmail = normalizeEmail(input.ownerEmail);
    new Validation()
      .check(name.length >= 1 && name.length <= 200, 'name', 'must be 1 to 200 characters')
      .check(isEmail(ownerEmail), 'ownerEmail', 'must be an email address')
      .throwIfInvalid();
    const account = this.ctx.em.create(BusinessAccount, { name, ownerEmail });
    await this.ctx.em.flush();
    return account;
  }

  /**
   * The business accounts whose owner is the user with this email: ownership is by `owner_email`,
   * so a user owns the accounts created for their address before or after they signed up. No access
   * check: callers (the consent flow) pass the email of a user they have already authenticated.
   */
  async ownedBy(userEmail: string): Promise<BusinessAccount[]> {
    return this.ctx.em.find(
      BusinessAccount,
      { ownerEmail: normalizeEmail(userEmail) },
      { orderBy: { createdAt: 'asc', id: 'asc' } },
    );
  }
}
