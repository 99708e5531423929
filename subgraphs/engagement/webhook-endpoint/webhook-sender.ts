/**
 * What the management operations take from the delivery side (../webhook-delivery/webhook-http.ts):
 * the signed HTTP call with its connect-time address guard, and the registration check of a URL.
 */
import {
  checkWebhookUrl,
  sendWebhook,
  type WebhookRequest,
  type WebhookSendResult,
} from '../webhook-delivery/webhook-http.js';

/** Sends one signed event now (Standard Webhooks headers; no redirects; private addresses refused in production). */
export function sendTestWebhook(request: WebhookRequest): Promise<WebhookSendResult> {
  return sendWebhook(request);
}

/**
 * Why `url` cannot be registered, or null: the delivery's rules (https unless private receivers are
 * allowed, no user info, no IP literal or localhost in a refused range in production), worded as a
 * field message (`errors[].path` is `url`).
 */
export function webhookUrlProblem(url: string, allowPrivate: boolean): string | null {
  return checkWebhookUrl(url, allowPrivate)?.replace(/^url /, '') ?? null;
}
