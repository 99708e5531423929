/**
 * The contact fields of a customer record as stored: NFKC-normalized and trimmed text, the kernel's
 * email rule, phones reduced to digits (with a leading +), real birthdays. Every bad field is named in
 * one BAD_USER_INPUT and nothing is stored.
 */
import { parseEmail } from '../../kernel/email.js';
import type { Validation } from '../../kernel/errors.js';
import { normalizePhone } from '../../kernel/privacy/storefront-customer.js';
import { BUSINESS_CUSTOMER_LIMITS as LIMITS } from './business-customer.entity.js';
import type { BusinessCustomerFieldsInput } from './business-customer.input.js';

/** The stored form of the contact fields (null: none). */
export interface CustomerContact {
  name: string | null;
  nameKana: string | null;
  email: string | null;
  phone: string | null;
  birthday: string | null;
  note: string | null;
}

const KANA = /^[\p{Script=Katakana}\p{Script=Hiragana}ー・ ]+$/u;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const tidy = (text: string) => text.normalize('NFKC').trim();
const chars = (text: string) => [...text].length;

/** Trimmed NFKC text, null when empty; a field error when longer than `max`. */
function text(v: Validation, path: string, raw: string | null | undefined, max: number): string | null {
  if (raw === null || raw === undefined) return null;
  const value = tidy(raw);
  v.check(chars(value) <= max, path, `must be at most ${max} characters`);
  return value === '' ? null : value;
}

function kana(v: Validation, raw: string | null | undefined): string | null {
  const value = text(v, 'nameKana', raw, LIMITS.nameKana);
  v.check(value === null || KANA.test(value), 'nameKana', 'must be katakana or hiragana');
  return value;
}

function email(v: Validation, raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined || raw.trim() === '') return null;
  const parsed = parseEmail(raw);
  if (!parsed.ok) v.add('email', parsed.message);
  return parsed.ok ? parsed.email : null;
}

function phone(v: Validation, raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined || raw.trim() === '') return null;
  const value = normalizePhone(raw);
  v.check(value !== null, 'phone', 'must be 6 to 20 digits with an optional leading +');
  return value;
}

/** Today in Japan, YYYY-MM-DD (a birthday entered there may be today's date). */
const today = (now: Date) => new Date(now.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);

function birthday(v: Validation, raw: string | null | undefined, now: Date): string | null {
  if (raw === null || raw === undefined) return null;
  const value = raw.trim();
  const day = DATE.test(value) ? new Date(`${value}T00:00:00Z`) : null;
  // A day past its month's end (2023-02-30) is invalid or rolls over: either way not the text given.
  const real = day !== null && !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
  v.check(
    real && value >= '1900-01-01' && value <= today(now),
    'birthday',
    'must be a date YYYY-MM-DD, 1900-01-01 to today',
  );
  return value;
}

/**
 * The stored form of the fields the input gives (`keep` answers the current value of an absent one),
 * adding a field error for each bad one.
 */
export function contactOf(
  v: Validation,
  input: BusinessCustomerFieldsInput & { name?: string | null },
  keep: <K extends keyof CustomerContact>(field: K) => CustomerContact[K] | undefined,
  now = new Date(),
): CustomerContact {
  const given = <K extends keyof CustomerContact>(field: K, read: () => CustomerContact[K]) =>
    input[field] !== undefined ? read() : (keep(field) ?? null);
  return {
    name: given('name', () => text(v, 'name', input.name, LIMITS.name)),
    nameKana: given('nameKana', () => kana(v, input.nameKana)),
    email: given('email', () => email(v, input.email)),
    phone: given('phone', () => phone(v, input.phone)),
    birthday: given('birthday', () => birthday(v, input.birthday, now)),
    note: given('note', () => text(v, 'note', input.note, LIMITS.note)),
  };
}
