/**
 * What a staff member's fields may hold, and their stored forms: names trimmed, the kana reading and
 * the employee code NFKC-normalized (half-width kana and full-width digits become their usual forms),
 * the email normalized as identity stores every address (email.ts).
 */
import { isUuid } from '../../kernel/db/uuid.js';
import type { Validation } from '../../kernel/errors.js';
import { parseEmail } from '../email.js';
import type { StaffRole, StaffStatus } from './staff-member.entity.js';

/** Limits of a staff member's fields. */
export const STAFF_LIMITS = { name: 100, kana: 100, employeeCode: 32, stores: 50 } as const;

/** Controls, format characters and line separators: never in a name. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Zl}\p{Zp}]/u;
/** Hiragana, katakana, the prolonged sound mark, the middle dot and spaces (after NFKC). */
const KANA = /^[\u3041-\u3096\u309D-\u309F\u30A1-\u30FA\u30FC-\u30FF\u30FB\u3000 ]+$/u;
/** An employee code: letters, digits, dot, underscore and hyphen, starting with a letter or digit. */
const EMPLOYEE_CODE = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** A staff member's fields as stored. */
export interface StaffDraft {
  readonly displayName: string;
  readonly nameKana: string;
  readonly email: string | null;
  readonly employeeCode: string | null;
  readonly role: StaffRole;
  readonly status: StaffStatus;
}

/** A draft's fields as given (before normalization). */
export type RawStaffDraft = {
  readonly [K in keyof StaffDraft]: K extends 'role' | 'status' ? StaffDraft[K] : string | null;
};

/** Checks `raw`, adding a field error for each bad field; returns the stored forms. */
export function checkStaffDraft(v: Validation, raw: RawStaffDraft): StaffDraft {
  const displayName = (raw.displayName ?? '').trim();
  v.check(
    displayName.length >= 1 && displayName.length <= STAFF_LIMITS.name && !INVISIBLE.test(displayName),
    'displayName',
    `must be 1 to ${STAFF_LIMITS.name} visible characters`,
  );
  const nameKana = (raw.nameKana ?? '')
    .normalize('NFKC')
    .trim()
    .replace(/[ \u3000]+/g, ' ');
  v.check(
    nameKana.length >= 1 && nameKana.length <= STAFF_LIMITS.kana && KANA.test(nameKana),
    'nameKana',
    `must be 1 to ${STAFF_LIMITS.kana} characters of hiragana or katakana`,
  );
  let email: string | null = null;
  if (raw.email !== null && raw.email.trim() !== '') {
    const parsed = parseEmail(raw.email);
    if (parsed.ok) email = parsed.email;
    else v.add('email', parsed.message);
  }
  const code = raw.employeeCode?.normalize('NFKC').trim() || null;
  v.check(
    code === null || (code.length <= STAFF_LIMITS.employeeCode && EMPLOYEE_CODE.test(code)),
    'employeeCode',
    `must be at most ${STAFF_LIMITS.employeeCode} letters, digits, '.', '_' or '-'`,
  );
  return { displayName, nameKana, email, employeeCode: code, role: raw.role, status: raw.status };
}

/** The distinct store ids of `storeIds` (0 to 50 UUIDs). */
export function checkStoreIds(v: Validation, storeIds: readonly string[]): string[] {
  const distinct = [...new Set(storeIds)];
  v.check(distinct.length <= STAFF_LIMITS.stores, 'storeIds', `must name at most ${STAFF_LIMITS.stores} stores`);
  v.check(distinct.every(isUuid), 'storeIds', 'must be store ids (UUIDs)');
  return distinct;
}
