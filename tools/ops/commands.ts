/**
 * The operator commands (DECISIONS.md, Operator CLI). Each row names its flags, the GraphQL
 * operation it runs with the operator credential, and what it prints.
 */
import { on, text, type OpsCommand } from './command.js';

/** Reads `data.<field>.id` of a mutation result. */
function idOf(data: Record<string, unknown>, field: string): string {
  return (data[field] as { id: string }).id;
}

export const OPS_COMMANDS: readonly OpsCommand[] = [
  {
    name: 'business:create',
    summary: 'Create a business account; its owner is the user with that email, now or when one signs up with it.',
    flags: { name: { value: 'N', required: true }, 'owner-email': { value: 'E', required: true } },
    operationName: 'OpsCreateBusinessAccount',
    document:
      'mutation OpsCreateBusinessAccount($input: CreateBusinessAccountInput!) { createBusinessAccount(input: $input) { id } }',
    variables: (flags) => ({ input: { name: text(flags, 'name'), ownerEmail: text(flags, 'owner-email') } }),
    result: (data) => ({ businessAccountId: idOf(data, 'createBusinessAccount') }),
  },
  {
    name: 'store:create',
    summary:
      'Create a store of a business account (prefecture: 東京都 or its JIS code; store type from the vocabulary).',
    flags: {
      business: { value: 'ID', required: true },
      name: { value: 'N', required: true },
      prefecture: { value: 'P', required: true },
      'store-type': { value: 'T', required: true },
      public: { boolean: true },
      'place-id': { value: 'X' },
      address: { value: 'A' },
      'name-kana': { value: 'K' },
    },
    operationName: 'OpsCreateStore',
    document: 'mutation OpsCreateStore($input: CreateStoreInput!) { createStore(input: $input) { id } }',
    variables: (flags) => ({
      input: {
        businessAccountId: text(flags, 'business'),
        name: text(flags, 'name'),
        prefecture: text(flags, 'prefecture'),
        storeType: text(flags, 'store-type'),
        isPublicListing: on(flags, 'public'),
        ...(text(flags, 'place-id') !== undefined ? { placeId: text(flags, 'place-id') } : {}),
        ...(text(flags, 'address') !== undefined ? { address: text(flags, 'address') } : {}),
        ...(text(flags, 'name-kana') !== undefined ? { nameKana: text(flags, 'name-kana') } : {}),
      },
    }),
    result: (data) => ({ storeId: idOf(data, 'createStore') }),
  },
];
