/**
 * Shopify's webhook signature: `X-Shopify-Hmac-Sha256` is the base64 HMAC-SHA256 of the raw request
 * body under the app's shared secret. Compared in constant time on the decoded digest.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A base64 SHA-256 digest: 43 characters and one `=` of padding. */
const BASE64_DIGEST = /^[A-Za-z0-9+/]{43}=$/;

/** The header value for `body` under `secret` (what the storefront platform sends). */
export function storefrontSignature(secret: string, body: Uint8Array): string {
  return createHmac('sha256', secret).update(body).digest('base64');
}

/**
 * Whether `header` is the signature of `body` under `secret`. Without a secret (an unknown shop) a
 * random one is used, so every refusal costs the same work.
 */
export function verifyStorefrontSignature(secret: string | null, body: Uint8Array, header: string | null): boolean {
  const expected = createHmac('sha256', secret ?? randomBytes(32))
    .update(body)
    .digest();
  const given = header !== null && BASE64_DIGEST.test(header.trim()) ? Buffer.from(header.trim(), 'base64') : null;
  const same = timingSafeEqual(expected, given?.length === expected.length ? given : Buffer.alloc(expected.length));
  return secret !== null && given !== null && same;
}
