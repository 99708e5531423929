/**
 * Operator commands of outbound webhooks (issue 12: webhook:rotate-secret and a business's recent
 * deliveries). The secret is sent to the service, which stores it encrypted; nothing prints it.
 */
import { CommandFailure, text, type OpsCommand } from './command.js';

/** A whole number flag (the service checks its range). */
function integer(name: string, value: string): number {
  const parsed = Number(value);
  if (value.trim() === '' || !Number.isInteger(parsed))
    throw new CommandFailure(400, 'validation_failed', `--${name} must be an integer.`);
  return parsed;
}

const ATTEMPT_FIELDS =
  'id endpointId deliveryId eventId eventType attempt trigger attemptedAt responseStatus latencyMs responseExcerpt error';

export const WEBHOOK_COMMANDS: readonly OpsCommand[] = [
  {
    name: 'webhook:rotate-secret',
    summary:
      "Replace a webhook endpoint's signing secret (8 to 256 characters, or whsec_ and the base64 of 16 to 64 bytes); the old secret keeps signing beside it for --overlap-seconds (default 86400, 0 for none, at most 604800).",
    flags: {
      endpoint: { value: 'ID', required: true },
      secret: { value: 'S', required: true },
      'overlap-seconds': { value: 'N' },
    },
    operationName: 'OpsRotateWebhookSecret',
    document:
      'mutation OpsRotateWebhookSecret($id: ID!, $secret: String!, $overlapSeconds: Int) { rotateWebhookEndpointSecret(id: $id, secret: $secret, overlapSeconds: $overlapSeconds) { id rotationOverlapEndsAt } }',
    variables: (flags) => {
      const overlap = text(flags, 'overlap-seconds');
      return {
        id: text(flags, 'endpoint'),
        secret: text(flags, 'secret'),
        ...(overlap !== undefined ? { overlapSeconds: integer('overlap-seconds', overlap) } : {}),
      };
    },
    result: (data) => {
      const endpoint = data.rotateWebhookEndpointSecret as { id: string; rotationOverlapEndsAt: string | null };
      return { endpointId: endpoint.id, rotationOverlapEndsAt: endpoint.rotationOverlapEndsAt };
    },
  },
  {
    name: 'webhook:deliveries',
    summary:
      "List a business account's recent webhook delivery attempts across its endpoints, newest first (--limit default 20, at most 100).",
    flags: { business: { value: 'ID', required: true }, limit: { value: 'N' } },
    operationName: 'OpsWebhookDeliveries',
    document: `query OpsWebhookDeliveries($businessAccountId: ID!, $first: Int) { webhookAttempts(businessAccountId: $businessAccountId, first: $first) { nodes { ${ATTEMPT_FIELDS} } pageInfo { hasNextPage } } }`,
    variables: (flags) => {
      const limit = text(flags, 'limit');
      return {
        businessAccountId: text(flags, 'business'),
        ...(limit !== undefined ? { first: integer('limit', limit) } : {}),
      };
    },
    result: (data) => {
      const page = data.webhookAttempts as { nodes: unknown[]; pageInfo: { hasNextPage: boolean } };
      return { attempts: page.nodes, more: page.pageInfo.hasNextPage };
    },
  },
];
