/** GraphQL documents of the webhook management rows. */
import type { Operation } from '../kernel/route.js';

const SUMMARY = 'id url events status createdAt';
const FULL = `${SUMMARY} updatedAt failingSince disabledAt disabledReason rotationOverlapEndsAt`;

export const ListWebhookEndpoints: Operation = {
  name: 'ListWebhookEndpoints',
  document: `query ListWebhookEndpoints {
  webhookEndpoints { ${FULL} }
}`,
};

export const GetWebhookEndpoint: Operation = {
  name: 'GetWebhookEndpoint',
  document: `query GetWebhookEndpoint($id: ID!) {
  webhookEndpoint(id: $id) { ${FULL} }
}`,
};

export const RegisterWebhookEndpoint: Operation = {
  name: 'RegisterWebhookEndpoint',
  document: `mutation RegisterWebhookEndpoint($input: RegisterWebhookEndpointInput!) {
  registerWebhookEndpoint(input: $input) { ${SUMMARY} }
}`,
};

export const TestWebhookEndpoint: Operation = {
  name: 'TestWebhookEndpoint',
  document: `mutation TestWebhookEndpoint($id: ID!) {
  testWebhookEndpoint(id: $id) { ok status latencyMs error responseExcerpt eventId attemptedAt }
}`,
};

export const DeleteWebhookEndpoint: Operation = {
  name: 'DeleteWebhookEndpoint',
  document: `mutation DeleteWebhookEndpoint($id: ID!) {
  deleteWebhookEndpoint(id: $id)
}`,
};
