/** JSON Schemas of the check-in endpoints (merged into `components.schemas`). */
import type { JsonSchema } from '../kernel/route.js';
import { ref } from '../kernel/schemas.js';

const str = (description: string): JsonSchema => ({ type: 'string', description });
const nullableStr = (description: string): JsonSchema => ({ type: ['string', 'null'], description });
const id = (description: string): JsonSchema => ({ type: 'string', format: 'uuid', description });
const nullableTimestamp = (description: string): JsonSchema => ({
  type: ['string', 'null'],
  format: 'date-time',
  description,
});
const nullable = (name: string, description: string): JsonSchema => ({
  oneOf: [{ type: 'null' }, ref(name)],
  description,
});

/** Why a check-in is rejected (the complete set). */
export const CHECK_IN_REJECTIONS = [
  'unknown_token',
  'inactive',
  'not_started',
  'ended',
  'store_not_public',
  'already_checked_in',
] as const;

/** A preview's status (the complete set). */
export const CAMPAIGN_PREVIEW_STATUSES = [
  'open',
  'unknown_token',
  'inactive',
  'not_started',
  'ended',
  'store_not_public',
];

const REASONS =
  '`unknown_token`: no campaign has this token; `inactive`: the business switched the campaign off; `not_started` / ' +
  '`ended`: outside its window (start included, end excluded); `store_not_public`: the campaign’s store is not publicly ' +
  'visible; `already_checked_in`: the user already checked in at this store on this store-local day (the day in the ' +
  'store’s time zone, Asia/Tokyo by default) and the campaign allows one check-in a day.';

const checkInProperties = {
  checkInId: id('The check-in (UUIDv7).'),
  checkedInAt: { type: 'string', format: 'date-time', description: 'When it was recorded (RFC 3339, UTC).' },
  localDate: { type: 'string', format: 'date', description: 'The store-local day (YYYY-MM-DD, store time zone).' },
  campaign: ref('CheckInCampaignRef'),
  store: nullable('CheckInStoreRef', 'The store; null if it is no longer publicly visible.'),
} as const;

export const CHECKIN_SCHEMAS: Readonly<Record<string, JsonSchema>> = {
  CreateCheckInRequest: {
    type: 'object',
    description: 'Interface: CreateCheckInRequest. The campaign token from the store’s QR code or link.',
    required: ['token'],
    properties: { token: { type: 'string', minLength: 1, description: 'The campaign token (not blank).' } },
  },
  CheckInCampaignRef: {
    type: 'object',
    description: 'The campaign of a check-in.',
    required: ['campaignId', 'name'],
    properties: { campaignId: id('The campaign (UUIDv7).'), name: str('Campaign name.') },
  },
  CheckInStoreRef: {
    type: 'object',
    description: 'A store, by id and name.',
    required: ['storeId', 'name'],
    properties: { storeId: id('The store (UUIDv7).'), name: str('Display name.') },
  },
  CheckInDto: {
    type: 'object',
    description: 'One check-in of the signed-in user, with campaign and store names.',
    required: Object.keys(checkInProperties),
    properties: checkInProperties,
  },
  CheckInResponse: {
    type: 'object',
    description: `Interface: CheckInResponse. \`status\` recorded (with \`checkIn\`) or rejected (with \`reason\`). ${REASONS}`,
    required: ['status', 'reason', 'checkIn'],
    properties: {
      status: { type: 'string', enum: ['recorded', 'rejected'], description: 'recorded or rejected.' },
      reason: {
        type: ['string', 'null'],
        enum: [...CHECK_IN_REJECTIONS, null],
        description: 'Why it was rejected; null when recorded.',
      },
      checkIn: nullable('CheckInDto', 'The recorded check-in; null when rejected.'),
    },
  },
  CheckInCampaignPreviewResponse: {
    type: 'object',
    description:
      'Interface: CheckInCampaignPreviewResponse. The campaign as a consumer sees it before checking in; `status` is `open` ' +
      `or the reason a check-in would be rejected now (before the once-a-day check). ${REASONS} On \`unknown_token\` every ` +
      'other field is null.',
    required: ['status', 'name', 'description', 'store', 'startsAt', 'endsAt'],
    properties: {
      status: { type: 'string', enum: CAMPAIGN_PREVIEW_STATUSES, description: 'open, or why not.' },
      name: nullableStr('Campaign name; null on unknown_token.'),
      description: nullableStr('Campaign description; null when none.'),
      store: nullable('CheckInStoreRef', 'The store; null on unknown_token and when it is not public.'),
      startsAt: nullableTimestamp('Check-ins accepted from (RFC 3339, UTC); null: no start.'),
      endsAt: nullableTimestamp('Check-ins accepted until, excluded (RFC 3339, UTC); null: no end.'),
    },
  },
  UserCheckInListResponse: {
    type: 'object',
    description: 'Interface: UserCheckInListResponse. The signed-in user’s check-ins, newest first.',
    required: ['items'],
    properties: { items: { type: 'array', maxItems: 200, items: ref('CheckInDto') } },
  },
};
