/**
 * Client identifiers and secrets: 256-bit random secrets, kept as SHA-256 digests and compared in
 * constant time; redirect URIs compared character for character.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { EntityManager } from '../../kernel/db/orm.js';
import { OAuthClient } from './oauth-client.entity.js';

export function newClientId(): string {
  return `rmp_${randomBytes(15).toString('base64url')}`;
}

export function newClientSecret(): string {
  return `rmps_${randomBytes(32).toString('base64url')}`;
}

export function secretDigest(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** A stand-in digest, so an unknown client id costs the same comparison as a known one. */
const NO_CLIENT_DIGEST = secretDigest(newClientSecret());

/** The client with this id, or null. */
export function findClient(em: EntityManager, clientId: string): Promise<OAuthClient | null> {
  if (clientId.length === 0 || clientId.length > 64) return Promise.resolve(null);
  return em.findOne(OAuthClient, { clientId });
}

/** The client when `clientSecret` is its secret; null for an unknown id or a wrong secret. */
export async function authenticateClient(
  em: EntityManager,
  clientId: string,
  clientSecret: string,
): Promise<OAuthClient | null> {
  const client =
    clientId.length > 0 && clientId.length <= 64
      ? await em.findOne(OAuthClient, { clientId }, { populate: ['clientSecretHash'] })
      : null;
  const expected = Buffer.from(client?.clientSecretHash ?? NO_CLIENT_DIGEST, 'hex');
  const given = Buffer.from(secretDigest(clientSecret), 'hex');
  return timingSafeEqual(expected, given) && client ? client : null;
}

/** Exact, character-for-character match against the registered URIs. */
export function isRegisteredRedirectUri(client: OAuthClient, redirectUri: string): boolean {
  return client.redirectUris.includes(redirectUri);
}
