/**
 * What a webhook signing secret may be (Standard Webhooks): `whsec_` followed by the standard base64
 * of 16 to 64 key bytes, or any other text of 8 to 256 characters used as its UTF-8 bytes (Standard
 * Webhooks recommends 24 random bytes or more; shorter secrets are the business's choice). Control
 * characters and surrounding whitespace are refused (a copy-paste slip, never a real key).
 */

export const SECRET_MIN_LENGTH = 8;
export const SECRET_MAX_LENGTH = 256;
export const WHSEC_MIN_BYTES = 16;
export const WHSEC_MAX_BYTES = 64;

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Why `secret` cannot sign webhooks, or null when it can. */
export function secretProblem(secret: string): string | null {
  if (secret.startsWith('whsec_')) {
    const rest = secret.slice('whsec_'.length);
    if (!BASE64.test(rest)) return 'after whsec_ must come standard base64';
    const bytes = Buffer.from(rest, 'base64').length;
    if (bytes < WHSEC_MIN_BYTES || bytes > WHSEC_MAX_BYTES)
      return `after whsec_ must come the base64 of ${WHSEC_MIN_BYTES} to ${WHSEC_MAX_BYTES} bytes`;
    return null;
  }
  if (secret.length < SECRET_MIN_LENGTH || secret.length > SECRET_MAX_LENGTH)
    return `must be ${SECRET_MIN_LENGTH} to ${SECRET_MAX_LENGTH} characters, or whsec_ and the base64 of ${WHSEC_MIN_BYTES} to ${WHSEC_MAX_BYTES} bytes`;
  if (CONTROL.test(secret)) return 'must not contain control characters';
  if (secret.trim() !== secret) return 'must not start or end with whitespace';
  return null;
}
