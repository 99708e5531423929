/**
 * JSON Schemas of the webhook management endpoints (merged into `components.schemas`), and the texts
 * that document delivery: the event catalogue, the Standard Webhooks headers and the retry schedule.
 */
import { EVENT_TYPE_NAMES, EVENT_TYPES, eventTypeScope } from '../../subgraphs/kernel/events/catalogue.js';
import type { JsonSchema } from '../kernel/route.js';
import { ref } from '../kernel/schemas.js';

const EVENT_NAMES: readonly string[] = EVENT_TYPE_NAMES;

/** The event catalogue as a Markdown table: each type, the read scope a token needs for it, what it says. */
export const EVENT_CATALOGUE_DOC = [
  '| event type | required scope | what happened |',
  '| --- | --- | --- |',
  ...EVENT_TYPE_NAMES.map((type) => `| \`${type}\` | ${scopeText(eventTypeScope(type))} | ${EVENT_TYPES[type]} |`),
].join('\n');

function scopeText(scope: string | null): string {
  return scope === null ? 'none' : `\`${scope}\``;
}

/** Which events an endpoint receives: the types of its registering token's scopes, while its app keeps them. */
export const EVENT_SCOPE_DOC =
  'Each event type needs the read scope of the data it carries (the table above). Registering a type whose scope the token lacks is a 403 `insufficient_scope` naming those ' +
  'types; there is no wildcard, an endpoint lists its types. The endpoint remembers the OAuth app whose token ' +
  'registered it: it is sent a type only while one of that app’s live grants for the business holds the type’s ' +
  'scope (a grant narrowed to fewer scopes stops those types), and when the app’s last grant for the business ends ' +
  '(revoked, the app deleted, the owner’s consent withdrawn) the endpoint becomes `disabled` (`disabledReason` ' +
  '`app_access_ended`), its pending deliveries are cancelled and nothing more is delivered to it.';

/** How events are delivered. */
export const DELIVERY_DOC =
  'Delivery follows Standard Webhooks: each event is a `POST` of `application/json` ' +
  '`{"id", "type", "occurredAt", "businessAccountId", "data"}` with the headers `webhook-id` (the event id, the same on ' +
  'every retry: deduplicate on it), `webhook-timestamp` (Unix seconds) and `webhook-signature` ' +
  '(`v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`; during a secret rotation two signatures, ' +
  'space-separated, one per secret). The key is the secret as registered (its UTF-8 bytes), or for a `whsec_` secret the ' +
  'base64-decoded rest, so the standard libraries (`standardwebhooks`, Svix) verify it as they are. Only a 2xx answer ' +
  'within 15 s (`WEBHOOK_TIMEOUT_MS`) counts; redirects are not followed. Failed deliveries are retried on Svix’s ' +
  'schedule, each delay ±20% jitter: immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h; `Retry-After` is honoured on ' +
  '429, 502 and 504. A 410 answer disables the endpoint at once; an endpoint whose attempts have all failed for 5 days ' +
  'is disabled. `status`: `active`, `failing` (its latest attempts failed) or `disabled`. In production the URL must be ' +
  'https and must not resolve to a private, loopback, link-local, CGNAT, multicast or unique-local address (checked on ' +
  'the resolved address at every connection). An IPv6 address that carries an IPv4 one (IPv4-mapped `::ffff:a.b.c.d`, ' +
  'IPv4-compatible `::a.b.c.d`, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`) is judged as the IPv4 address it carries.';

const str = (description: string): JsonSchema => ({ type: 'string', description });
const timestamp = (description: string): JsonSchema => ({ type: 'string', format: 'date-time', description });
const nullableTimestamp = (description: string): JsonSchema => ({
  type: ['string', 'null'],
  format: 'date-time',
  description,
});

const summaryProperties = {
  id: { type: 'string', format: 'uuid', description: 'The endpoint (UUIDv7).' },
  url: { type: 'string', format: 'uri', description: 'Where events are POSTed.' },
  events: {
    type: 'array',
    items: { type: 'string', enum: EVENT_NAMES },
    description: 'The event types the endpoint receives.',
  },
  status: {
    type: 'string',
    enum: ['active', 'failing', 'disabled'],
    description:
      'active, failing (its latest attempts failed) or disabled (410, 5 days of failures, or its app lost its access to the business).',
  },
  createdAt: timestamp('When it was registered (RFC 3339, UTC).'),
} as const;

const fullProperties = {
  ...summaryProperties,
  updatedAt: timestamp('When it last changed (RFC 3339, UTC).'),
  failingSince: nullableTimestamp('Since when every attempt has failed; null after a success.'),
  disabledAt: nullableTimestamp('When it was disabled; null unless disabled.'),
  disabledReason: {
    type: ['string', 'null'],
    enum: ['gone', 'failing', 'app_access_ended', null],
    description:
      'gone (the receiver answered 410), failing (5 days of failures) or app_access_ended (the OAuth app whose token ' +
      'registered it no longer has a live grant for the business); null unless disabled.',
  },
  rotationOverlapEndsAt: nullableTimestamp(
    'During a secret rotation: until when the previous secret signs beside the new one; null when none.',
  ),
} as const;

export const WEBHOOK_SCHEMAS: Readonly<Record<string, JsonSchema>> = {
  RegisterWebhookRequest: {
    type: 'object',
    description: `Interface: the webhook registration body. Fields not listed here are ignored.\n\nEvent types:\n\n${EVENT_CATALOGUE_DOC}\n\n${EVENT_SCOPE_DOC}`,
    required: ['url', 'events', 'secret'],
    properties: {
      url: {
        type: 'string',
        maxLength: 2048,
        description:
          'Absolute https URL (http only for local receivers outside production), without user info, at most 2048 ' +
          'characters; in production not a private, loopback or reserved address.',
      },
      events: {
        type: 'array',
        minItems: 1,
        items: { type: 'string', enum: EVENT_NAMES },
        description:
          'At least one event type of the catalogue; an unknown type is a 400 naming it, a type whose read scope the ' +
          `token lacks a 403 \`insufficient_scope\` naming it. The scope of each type:\n\n${EVENT_CATALOGUE_DOC}`,
      },
      secret: {
        type: 'string',
        writeOnly: true,
        description:
          'Signing secret: 8 to 256 characters (used as its UTF-8 bytes), or `whsec_` followed by the standard base64 ' +
          'of 16 to 64 bytes (24 random bytes or more recommended). Stored encrypted; never returned by any endpoint.',
      },
    },
  },
  WebhookEndpointSummary: {
    type: 'object',
    description: 'Interface: the registered endpoint (the secret is never echoed).',
    required: Object.keys(summaryProperties),
    properties: summaryProperties,
  },
  WebhookEndpoint: {
    type: 'object',
    description: 'The full configuration of a webhook endpoint (never its secret).',
    required: Object.keys(fullProperties),
    properties: fullProperties,
  },
  WebhookEndpointListResponse: {
    type: 'object',
    description: 'The caller’s webhook endpoints, newest first (at most 20 per business account).',
    required: ['items'],
    properties: { items: { type: 'array', maxItems: 200, items: ref('WebhookEndpoint') } },
  },
  WebhookTestResponse: {
    type: 'object',
    description:
      'What the receiver answered to a `webhook.test` event sent now (recorded as an attempt; not retried). A receiver that ' +
      'fails is still a 200 here: `ok` false with its `status`, or `error` when no response arrived.',
    required: ['ok', 'status', 'latencyMs', 'error', 'responseExcerpt', 'eventId', 'attemptedAt'],
    properties: {
      ok: { type: 'boolean', description: 'Whether the receiver answered 2xx.' },
      status: { type: ['integer', 'null'], description: 'The receiver’s HTTP status; null when none arrived.' },
      latencyMs: { type: 'integer', minimum: 0, description: 'Milliseconds from sending to the answer or failure.' },
      error: {
        type: ['string', 'null'],
        enum: ['timeout', 'connection', 'address_refused', 'tls', 'invalid_url', null],
        description:
          'Why no usable response arrived (address_refused: the host resolved to a refused address); null when one did.',
      },
      responseExcerpt: { type: ['string', 'null'], description: 'The first 1,024 characters of the receiver’s body.' },
      eventId: str('The test event’s id (its webhook-id header).'),
      attemptedAt: timestamp('When it was sent (RFC 3339, UTC).'),
    },
  },
};
