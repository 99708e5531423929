/** Operator commands of owner invitations: invite, list, resend, revoke. */
import { text, type OpsCommand } from './command.js';

const INVITATION_FIELDS = 'id businessAccountId email status expiresAt acceptedAt acceptedByUserId revokedAt';

interface InvitationRow {
  readonly id: string;
  readonly expiresAt: string;
  readonly [field: string]: unknown;
}

/** The printed form of an invitation: its id as `invitationId`, the other fields as they are. */
function printed(row: InvitationRow): Record<string, unknown> {
  const { id, ...rest } = row;
  return { invitationId: id, ...rest };
}

export const OWNER_INVITATION_COMMANDS: readonly OpsCommand[] = [
  {
    name: 'owner:invite',
    summary: 'Mail an owner invitation (single use, 7 days) for a business account to an address.',
    flags: {
      business: { value: 'ID', required: true },
      email: { value: 'E', required: true },
      locale: { value: 'ja|en' },
    },
    operationName: 'OpsInviteOwner',
    document: `mutation OpsInviteOwner($input: CreateOwnerInvitationInput!) { createOwnerInvitation(input: $input) { id expiresAt } }`,
    variables: (flags) => ({
      input: {
        businessAccountId: text(flags, 'business'),
        email: text(flags, 'email'),
        ...(text(flags, 'locale') !== undefined ? { locale: text(flags, 'locale') } : {}),
      },
    }),
    result: (data) => {
      const row = data.createOwnerInvitation as InvitationRow;
      return { invitationId: row.id, expiresAt: row.expiresAt };
    },
  },
  {
    name: 'owner:invitations',
    summary: 'List the owner invitations of a business account, newest first.',
    flags: { business: { value: 'ID', required: true } },
    operationName: 'OpsOwnerInvitations',
    document: `query OpsOwnerInvitations($id: ID!) { ownerInvitations(businessAccountId: $id) { ${INVITATION_FIELDS} } }`,
    variables: (flags) => ({ id: text(flags, 'business') }),
    result: (data) => ({ invitations: (data.ownerInvitations as InvitationRow[]).map(printed) }),
  },
  {
    name: 'owner:resend',
    summary: 'Mail a pending invitation again with a new link (the old one stops working), valid 7 more days.',
    flags: { invitation: { value: 'ID', required: true } },
    operationName: 'OpsResendOwnerInvitation',
    document: `mutation OpsResendOwnerInvitation($id: ID!) { resendOwnerInvitation(id: $id) { ${INVITATION_FIELDS} } }`,
    variables: (flags) => ({ id: text(flags, 'invitation') }),
    result: (data) => printed(data.resendOwnerInvitation as InvitationRow),
  },
  {
    name: 'owner:revoke',
    summary: 'Revoke a pending owner invitation (an accepted one cannot be revoked).',
    flags: { invitation: { value: 'ID', required: true } },
    operationName: 'OpsRevokeOwnerInvitation',
    document: `mutation OpsRevokeOwnerInvitation($id: ID!) { revokeOwnerInvitation(id: $id) { ${INVITATION_FIELDS} } }`,
    variables: (flags) => ({ id: text(flags, 'invitation') }),
    result: (data) => printed(data.revokeOwnerInvitation as InvitationRow),
  },
];
