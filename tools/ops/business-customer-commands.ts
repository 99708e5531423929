/**
 * Operator commands of a business's customer records (issue 14, the back office's customer list):
 * business-customer:create enters a record as the business's staff would, business-customer:list
 * shows the newest records. The service checks every field; the operator names the business.
 */
import { on, text, type Flags, type OpsCommand } from './command.js';

/** The fields each listed record prints. */
const RECORD_FIELDS =
  'id source name nameKana email phone birthday note marketingEmail marketingPush dataSharing shopDomain shopCustomerId createdAt';
/** Records `business-customer:list` prints at most (one page; `more` tells whether others follow). */
const LIST_SIZE = 100;

/** The optional text fields given, by their input names. */
function given(flags: Flags, fields: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [flag, field] of Object.entries(fields)) {
    const value = text(flags, flag);
    if (value !== undefined) out[field] = value;
  }
  return out;
}

/** The consent switches and the input fields they set. */
const CONSENT_FLAGS = {
  'marketing-email': 'marketingEmail',
  'marketing-push': 'marketingPush',
  'data-sharing': 'dataSharing',
} as const;

/** The consent switches given: each only when on (an absent one stays false and unrecorded). */
function consents(flags: Flags): Record<string, true> {
  const out: Record<string, true> = {};
  for (const [flag, field] of Object.entries(CONSENT_FLAGS)) if (on(flags, flag)) out[field] = true;
  return out;
}

export const BUSINESS_CUSTOMER_COMMANDS: readonly OpsCommand[] = [
  {
    name: 'business-customer:create',
    summary:
      'Enter a customer record of a business (source staff), as its staff would: --name 1 to 200 characters, --kana in katakana or hiragana, --phone 6 to 20 digits; each consent switch given is recorded as agreed now. Prints {customerId}.',
    flags: {
      business: { value: 'ID', required: true },
      name: { value: 'N', required: true },
      kana: { value: 'K' },
      email: { value: 'E' },
      phone: { value: 'P' },
      'marketing-email': { boolean: true },
      'marketing-push': { boolean: true },
      'data-sharing': { boolean: true },
      note: { value: 'T' },
    },
    operationName: 'OpsCreateBusinessCustomer',
    document:
      'mutation OpsCreateBusinessCustomer($input: CreateBusinessCustomerInput!) { createBusinessCustomer(input: $input) { id } }',
    variables: (flags) => ({
      input: {
        businessAccountId: text(flags, 'business'),
        name: text(flags, 'name'),
        ...given(flags, { kana: 'nameKana', email: 'email', phone: 'phone', note: 'note' }),
        ...consents(flags),
      },
    }),
    result: (data) => ({ customerId: (data.createBusinessCustomer as { id: string }).id }),
  },
  {
    name: 'business-customer:list',
    summary: `List a business's customer records, newest first, at most ${LIST_SIZE} (more: whether others follow); --text keeps those whose name, kana, email or phone contains it.`,
    flags: { business: { value: 'ID', required: true }, text: { value: 'T' } },
    operationName: 'OpsBusinessCustomers',
    document: `query OpsBusinessCustomers($businessAccountId: ID!, $text: String, $first: Int) { businessCustomers(businessAccountId: $businessAccountId, text: $text, first: $first) { nodes { ${RECORD_FIELDS} } pageInfo { hasNextPage } } }`,
    variables: (flags) => ({
      businessAccountId: text(flags, 'business'),
      first: LIST_SIZE,
      ...(text(flags, 'text') !== undefined ? { text: text(flags, 'text') } : {}),
    }),
    result: (data) => {
      const page = data.businessCustomers as { nodes: unknown[]; pageInfo: { hasNextPage: boolean } };
      return { customers: page.nodes, more: page.pageInfo.hasNextPage };
    },
  },
];
