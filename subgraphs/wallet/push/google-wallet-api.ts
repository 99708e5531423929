/**
 * The Google Wallet API (REST v1) as the issuer's service account: an OAuth 2.0 access token from the
 * JWT bearer grant (RFC 7523; Google's "Using OAuth 2.0 for server to server applications"), kept until
 * a minute before it expires, then `PATCH {apiUrl}/loyaltyObject/{objectId}` with the changed fields.
 */
import { SignJWT } from 'jose';
import { log } from '../../kernel/logger.js';
import type { GoogleMaterial } from '../google/google-material.js';
import { PUSH_TIMEOUT_MS, PushOutcome, type GoogleObjectUpdate } from './push-transport.js';

export const WALLET_ISSUER_SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';
export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

export interface GoogleApiEndpoints {
  readonly apiUrl: string;
  readonly tokenUrl: string;
}

const accessTokens = new Map<string, { token: string; expiresAt: number }>();
const cacheKeyOf = (material: GoogleMaterial, endpoints: GoogleApiEndpoints) =>
  `${material.clientEmail}\u0000${endpoints.tokenUrl}`;

/** An access token of the service account for the Wallet issuer scope (cached). */
export async function accessToken(material: GoogleMaterial, endpoints: GoogleApiEndpoints): Promise<string> {
  const cacheKey = cacheKeyOf(material, endpoints);
  const cached = accessTokens.get(cacheKey);
  if (cached && cached.expiresAt > Date.now()) return cached.token;
  const now = Math.floor(Date.now() / 1000);
  const assertion = await new SignJWT({ scope: WALLET_ISSUER_SCOPE })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', ...(material.privateKeyId ? { kid: material.privateKeyId } : {}) })
    .setIssuer(material.clientEmail)
    .setAudience(endpoints.tokenUrl)
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(material.privateKey);
  const response = await fetch(endpoints.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: JWT_BEARER_GRANT, assertion }).toString(),
    signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
  });
  const body = (await response.json().catch(() => ({}))) as { access_token?: unknown; expires_in?: unknown };
  if (!response.ok || typeof body.access_token !== 'string') {
    throw new Error(`Google token endpoint answered ${response.status}`);
  }
  const lifetime = typeof body.expires_in === 'number' ? body.expires_in : 3600;
  accessTokens.set(cacheKey, { token: body.access_token, expiresAt: Date.now() + Math.max(0, lifetime - 60) * 1000 });
  return body.access_token;
}

/** PATCHes the loyalty object; a 401 drops the cached access token so the next call gets a new one. */
export async function patchLoyaltyObject(
  material: GoogleMaterial,
  endpoints: GoogleApiEndpoints,
  objectId: string,
  update: GoogleObjectUpdate,
): Promise<PushOutcome> {
  try {
    const token = await accessToken(material, endpoints);
    const response = await fetch(`${endpoints.apiUrl}/loyaltyObject/${encodeURIComponent(objectId)}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(update),
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
    await response.arrayBuffer();
    if (response.ok) return PushOutcome.Sent;
    // No such object: the customer took the save link but never saved the card. Nothing to update.
    if (response.status === 404) return PushOutcome.Gone;
    if (response.status === 401) accessTokens.delete(cacheKeyOf(material, endpoints));
    log('warn', 'google wallet refused an object update', { status: response.status, objectId });
    return PushOutcome.Failed;
  } catch (error) {
    log('warn', 'google wallet object update failed', { error: (error as Error).message, objectId });
    return PushOutcome.Failed;
  }
}
