import { requireAuthenticated, requireBusinessScope } from '../../kernel/auth/access.js';
import { connectionOf, pageArgs, type Connection } from '../../kernel/connection.js';
import type { BaseContext } from '../../kernel/context.js';
import { withConstraintErrors } from '../../kernel/db/constraints.js';
import type { EntityManager } from '../../kernel/db/orm.js';
import { isUuid } from '../../kernel/db/uuid.js';
import { BadUserInputError, ConflictError, ForbiddenError, NotFoundError, Validation } from '../../kernel/errors.js';
import { InvitationKind, OwnerInvitation } from '../business-account/owner-invitation.entity.js';
import { inviteStaffMember } from './staff-invitation.js';
import { staffKey, staffListSql, STAFF_CURSOR } from './staff-list.js';
import { StaffMember, type StaffRole, StaffStatus } from './staff-member.entity.js';
import type { CreateStaffMemberInput, UpdateStaffMemberInput } from './staff-member.input.js';
import type { StaffInvitation } from './staff-member.types.js';
import { checkStaffDraft, checkStoreIds, type RawStaffDraft } from './staff-validation.js';

type StaffScope = 'store.staff.read' | 'store.staff.write';

/** The arguments of the staff list. */
export interface StaffListArgs {
  readonly businessAccountId?: string | null;
  readonly storeId?: string | null;
  readonly role?: StaffRole | null;
  readonly status?: StaffStatus | null;
  readonly text?: string | null;
  readonly first?: number | null;
  readonly after?: string | null;
}

const staffNotFound = () =>
  new NotFoundError('No staff member of this business has this id.', 'staff_member_not_found');
const storeNotFound = () => new NotFoundError('No store of this business has this id.', 'store_not_found');
const constraintErrors = {
  unique: () =>
    new ConflictError('Another staff member of the business has this employee code.', 'employee_code_taken'),
  foreignKey: () => new NotFoundError('The business account does not exist.', 'business_account_not_found'),
};

/** `value` when the input has the field, else `current` (absent means unchanged, null clears). */
const given = <T>(input: object, field: string, value: T, current: T): T =>
  (input as Record<string, unknown>)[field] !== undefined ? value : current;

/**
 * Staff of a business (store.staff.read / .write) for its business tokens and the operator. A
 * business acts only on its own staff and stores: anything else is answered as not found. Staff are
 * records of the business; deleting one never touches a user account.
 */
export class StaffMemberService {
  constructor(private readonly ctx: BaseContext) {}

  /** A page of the staff of the caller's business (the operator names the business). */
  async list(args: StaffListArgs): Promise<Connection<StaffMember>> {
    const businessAccountId = this.business('store.staff.read', args.businessAccountId);
    const v = new Validation();
    const page = pageArgs(args, STAFF_CURSOR, v);
    const text = args.text?.normalize('NFKC').trim().toLowerCase() || null;
    v.check(text === null || text.length <= 100, 'text', 'must be at most 100 characters');
    v.throwIfInvalid();
    if (args.storeId) await this.ownedStores([args.storeId], businessAccountId);
    const { sql, params } = staffListSql({
      businessAccountId,
      storeId: args.storeId ?? null,
      role: args.role ?? null,
      status: args.status ?? null,
      text,
      ...page,
    });
    const rows = await this.ctx.em.execute<Record<string, unknown>[]>(sql, params);
    const members = rows.map((row) => this.ctx.em.map(StaffMember, row));
    return connectionOf(members, page.first, staffKey, page.after !== null);
  }

  /** One staff member of the caller's business; NOT_FOUND staff_member_not_found otherwise. */
  get(id: string): Promise<StaffMember> {
    return this.owned(id, this.manager('store.staff.read'));
  }

  /** Creates a staff member of the caller's business, working at some of its stores. */
  async create(input: CreateStaffMemberInput): Promise<StaffMember> {
    const businessAccountId = this.business('store.staff.write', input.businessAccountId);
    const v = new Validation();
    const storeIds = checkStoreIds(v, input.storeIds ?? []);
    const draft = checkStaffDraft(v, {
      displayName: input.displayName,
      nameKana: input.nameKana,
      email: input.email ?? null,
      employeeCode: input.employeeCode ?? null,
      role: input.role,
      status: input.status ?? StaffStatus.active,
    });
    v.throwIfInvalid();
    await this.ownedStores(storeIds, businessAccountId);
    // The member row first, then its links (the unit of work does not order tables it has no relation for).
    return this.ctx.em.transactional(async (tx) => {
      const member = tx.create(StaffMember, { businessAccountId, ...draft });
      await withConstraintErrors(constraintErrors, () => tx.flush());
      await linkStores(tx, member.id, storeIds);
      return member;
    });
  }

  /** Changes a staff member; a changed email ends its pending invitations. */
  async update(input: UpdateStaffMemberInput): Promise<StaffMember> {
    const manager = this.manager('store.staff.write');
    return this.ctx.em.transactional(async (tx) => {
      const member = await this.owned(input.id, manager, tx);
      const v = new Validation();
      for (const field of ['displayName', 'nameKana', 'role', 'status'] as const) {
        v.check(input[field] !== null, field, 'must not be null');
      }
      const storeIds = input.storeIds ? checkStoreIds(v, input.storeIds) : null;
      const draft = checkStaffDraft(v, rawOf(input, member));
      v.throwIfInvalid();
      if (storeIds) {
        // In the transaction's EntityManager: the embedded database has one connection (PGlite).
        await this.ownedStores(storeIds, member.businessAccountId, tx);
        await tx.execute('delete from "staff_member_store" where "staff_member_id" = ?', [member.id], 'run');
        await linkStores(tx, member.id, storeIds);
      }
      if (draft.email !== member.email) await endPendingInvitations(tx, member.id);
      tx.assign(member, draft);
      await withConstraintErrors(constraintErrors, () => tx.flush());
      return member;
    });
  }

  /** Deletes a staff member, its store links and invitations; a linked user account stays as it is. */
  async delete(id: string): Promise<boolean> {
    const member = await this.owned(id, this.manager('store.staff.write'));
    await this.ctx.em.execute('delete from "staff_member" where "id" = ?', [member.id], 'run');
    return true;
  }

  /**
   * Mails a staff invitation to the member's email (earlier pending ones stop working). CONFLICT
   * staff_member_without_email, staff_member_inactive or staff_member_already_linked.
   */
  async invite(id: string, locale: string | null | undefined): Promise<StaffInvitation> {
    const member = await this.owned(id, this.manager('store.staff.write'));
    const email = member.email;
    if (!email) throw new ConflictError('The staff member has no email to invite.', 'staff_member_without_email');
    if (member.status !== StaffStatus.active) {
      throw new ConflictError('The staff member is inactive.', 'staff_member_inactive');
    }
    if (member.userId) throw new ConflictError('The staff member is already linked.', 'staff_member_already_linked');
    const invitation = await inviteStaffMember(this.ctx, Object.assign(member, { email }), locale);
    return { id: invitation.id, staffMemberId: member.id, email: invitation.email, expiresAt: invitation.expiresAt };
  }

  /** Who manages: a business token with `scope` (its own business) or the operator (null: any). */
  private manager(scope: StaffScope): string | null {
    if (this.ctx.principal.kind === 'operator') return null;
    return requireBusinessScope(this.ctx.principal, scope).businessAccountId;
  }

  /** The business acted for: a business token's own (naming another is FORBIDDEN), the operator's named one. */
  private business(scope: StaffScope, named: string | null | undefined): string {
    const caller = requireAuthenticated(this.ctx.principal);
    if (caller.kind !== 'operator') {
      const own = requireBusinessScope(caller, scope).businessAccountId;
      if (named && named !== own) {
        throw new ForbiddenError('A business token acts only for its own business account.', 'other_business');
      }
      return own;
    }
    if (!named || !isUuid(named)) {
      throw new BadUserInputError(
        'The operator must name the business account.',
        [{ path: 'businessAccountId', message: 'required, a UUID' }],
        'validation_failed',
      );
    }
    return named;
  }

  private async owned(id: string, businessAccountId: string | null, em: EntityManager = this.ctx.em) {
    const member = isUuid(id)
      ? await em.findOne(StaffMember, { id, ...(businessAccountId ? { businessAccountId } : {}) })
      : null;
    if (!member) throw staffNotFound();
    return member;
  }

  /** Every one of `storeIds` must be a store of `businessAccountId` (by SQL on the stores' table). */
  private async ownedStores(storeIds: readonly string[], businessAccountId: string, em = this.ctx.em) {
    if (storeIds.length === 0) return;
    if (!storeIds.every(isUuid)) throw storeNotFound();
    const rows = await em.execute<{ n: number }[]>(
      `select count(*)::int as "n" from "store" where "business_account_id" = ? and "id" in (${storeIds.map(() => '?').join(', ')})`,
      [businessAccountId, ...storeIds],
    );
    if (rows[0]?.n !== storeIds.length) throw storeNotFound();
  }
}

/** The fields of an update as given, the member's current values where absent. */
function rawOf(input: UpdateStaffMemberInput, member: StaffMember): RawStaffDraft {
  const keep = <T>(field: keyof UpdateStaffMemberInput, value: T, old: T): T => given(input, field, value, old);
  return {
    displayName: input.displayName ?? member.displayName,
    nameKana: input.nameKana ?? member.nameKana,
    email: keep('email', input.email ?? null, member.email ?? null),
    employeeCode: keep('employeeCode', input.employeeCode ?? null, member.employeeCode ?? null),
    role: input.role ?? member.role,
    status: input.status ?? member.status,
  };
}

/** Links the member to its stores (after the member row exists). */
async function linkStores(em: EntityManager, staffMemberId: string, storeIds: readonly string[]): Promise<void> {
  if (storeIds.length === 0) return;
  await em.execute(
    `insert into "staff_member_store" ("staff_member_id", "store_id") values ${storeIds.map(() => '(?, ?)').join(', ')}`,
    storeIds.flatMap((storeId) => [staffMemberId, storeId]),
    'run',
  );
}

/** Revokes the member's pending staff invitations (their address is no longer the member's). */
async function endPendingInvitations(em: EntityManager, staffMemberId: string): Promise<void> {
  const now = new Date();
  await em.nativeUpdate(
    OwnerInvitation,
    { staffMemberId, kind: InvitationKind.STAFF, acceptedAt: null, revokedAt: null },
    { revokedAt: now, updatedAt: now },
  );
}
