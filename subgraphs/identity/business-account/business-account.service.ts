import { requireOperator } from '../../kernel/auth/access.js';
import type { BaseContext } from '../../kernel/context.js';
import { Validation } from '../../kernel/errors.js';
import { parseEmail } from '../email.js';
import { BusinessAccount } from './business-account.entity.js';
import type { CreateBusinessAccountInput } from './business-account.input.js';
import { BusinessOwner } from './business-owner.entity.js';
import type { OwnerInvitation } from './owner-invitation.entity.js';
import { OwnerInvitationService } from './owner-invitation.service.js';

/**
 * Business accounts: creation by operators, which invites the owner address; ownership only by an
 * accepted owner invitation (see {@link BusinessAccountService.ownedBy}), never by an email match.
 */
export class BusinessAccountService {
  private readonly invitations: OwnerInvitationService;

  constructor(private readonly ctx: BaseContext) {
    this.invitations = new OwnerInvitationService(ctx);
  }

  /** Operator: creates the account and mails an owner invitation to `ownerEmail` (normalized). */
  async create(input: CreateBusinessAccountInput): Promise<BusinessAccount> {
    requireOperator(this.ctx.principal);
    const name = input.name.trim();
    const parsed = parseEmail(input.ownerEmail);
    const validation = new Validation().check(
      name.length >= 1 && name.length <= 200,
      'name',
      'must be 1 to 200 characters',
    );
    if (!parsed.ok) validation.add('ownerEmail', parsed.message);
    validation.throwIfInvalid();
    const ownerEmail = parsed.ok ? parsed.email : '';
    const account = this.ctx.em.create(BusinessAccount, { name, ownerEmail });
    await this.ctx.em.flush();
    await this.invitations.inviteTo(account, ownerEmail, input.locale);
    return account;
  }

  /** Operator: the owner invitations of `account` (the field `BusinessAccount.ownerInvitations`). */
  ownerInvitations(account: BusinessAccount): Promise<OwnerInvitation[]> {
    return this.invitations.list(account.id);
  }

  /**
   * The business accounts `userId` owns: those bound to it by an accepted owner invitation. No access
   * check: callers (the consent flow) pass a user they have already authenticated.
   */
  async ownedBy(userId: string): Promise<BusinessAccount[]> {
    const bindings = await this.ctx.em.find(BusinessOwner, { userId });
    if (bindings.length === 0) return [];
    return this.ctx.em.find(
      BusinessAccount,
      { id: { $in: bindings.map((b) => b.businessAccountId) } },
      { orderBy: { createdAt: 'asc', id: 'asc' } },
    );
  }
}
