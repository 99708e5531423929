/**
 * Standard Webhooks signing: `webhook-signature` is one or
 * more space-separated `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, one per secret that signs
 * (two during a rotation's overlap window). A secret starting with `whsec_` is base64 key bytes after
 * the prefix; any other secret is used as its UTF-8 bytes.
 */
import { createHmac } from 'node:crypto';

const WHSEC_PREFIX = 'whsec_';

/** The HMAC key bytes of a registered secret. */
export function secretKey(secret: string): Buffer {
  return secret.startsWith(WHSEC_PREFIX)
    ? Buffer.from(secret.slice(WHSEC_PREFIX.length), 'base64')
    : Buffer.from(secret, 'utf8');
}

/** One `v1,<base64>` signature of `body` for message `id` at `timestampSeconds`. */
export function sign(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', secretKey(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The `webhook-signature` header: one signature per secret, space-separated, in the given order. */
export function signatureHeader(
  secrets: readonly string[],
  id: string,
  timestampSeconds: number,
  body: string,
): string {
  if (secrets.length === 0) throw new Error('a webhook needs at least one signing secret');
  return secrets.map((secret) => sign(secret, id, timestampSeconds, body)).join(' ');
}
