/** Operator commands of staff members (issue 14: staff:create). */
import { list, text, type OpsCommand } from './command.js';

export const STAFF_COMMANDS: readonly OpsCommand[] = [
  {
    name: 'staff:create',
    summary:
      'Create a staff member of a business (a record, not a sign-in account); --role is manager, assistant_manager, staff, part_time or contractor; --store may be repeated (stores of that business).',
    flags: {
      business: { value: 'ID', required: true },
      name: { value: 'N', required: true },
      kana: { value: 'K', required: true },
      role: { value: 'R', required: true },
      email: { value: 'E' },
      'employee-code': { value: 'C' },
      store: { value: 'ID', repeatable: true },
    },
    operationName: 'OpsCreateStaffMember',
    document:
      'mutation OpsCreateStaffMember($input: CreateStaffMemberInput!) { createStaffMember(input: $input) { id storeIds } }',
    variables: (flags) => ({
      input: {
        businessAccountId: text(flags, 'business'),
        displayName: text(flags, 'name'),
        nameKana: text(flags, 'kana'),
        role: text(flags, 'role'),
        email: text(flags, 'email') ?? null,
        employeeCode: text(flags, 'employee-code') ?? null,
        storeIds: [...list(flags, 'store')],
      },
    }),
    result: (data) => {
      const created = data.createStaffMember as { id: string; storeIds: string[] };
      return { staffMemberId: created.id, storeIds: created.storeIds };
    },
  },
];
