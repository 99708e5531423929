/** Operator commands of check-in campaigns (checkin-campaign:create). */
import { text, type OpsCommand } from './command.js';

export const CHECKIN_COMMANDS: readonly OpsCommand[] = [
  {
    name: 'checkin-campaign:create',
    summary:
      'Create a check-in campaign for a store of the business (one check-in per user per store per store-local day); the token is generated (128 bits, base64url); --starts and --ends are ISO 8601 instants, either may be left open.',
    flags: {
      business: { value: 'ID', required: true },
      store: { value: 'ID', required: true },
      name: { value: 'N', required: true },
      starts: { value: 'ISO' },
      ends: { value: 'ISO' },
    },
    operationName: 'OpsCreateCheckInCampaign',
    document:
      'mutation OpsCreateCheckInCampaign($input: CreateCheckInCampaignInput!) { createCheckInCampaign(input: $input) { token } }',
    variables: (flags) => ({
      input: {
        businessAccountId: text(flags, 'business'),
        storeId: text(flags, 'store'),
        name: text(flags, 'name'),
        ...(text(flags, 'starts') !== undefined ? { startsAt: text(flags, 'starts') } : {}),
        ...(text(flags, 'ends') !== undefined ? { endsAt: text(flags, 'ends') } : {}),
      },
    }),
    result: (data) => ({ token: (data.createCheckInCampaign as { token: string }).token }),
  },
];
