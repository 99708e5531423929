/**
 * A shop domain binds to one business account. Whoever installs a domain that another business holds
 * (in any status: an uninstall frees nothing), or one whose secret the operator set for a pending
 * install, must prove the domain's current secret by installing with it; otherwise the install is
 * refused, so a business cannot take a shop (and, with its secret replaced, the shop's webhooks) from
 * another. Only the operator's release frees a domain for anyone.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { decryptSecret } from '../../kernel/auth/secrets-key.js';
import { ConflictError } from '../../kernel/errors.js';
import { ShopInstallationStatus, type ShopInstallation } from './shop-installation.entity.js';

export const SHOP_DOMAIN_TAKEN = 'shop_domain_taken';

const digest = (secret: string) => createHash('sha256').update(secret, 'utf8').digest();

/** Whether `secret` is the installation's current secret (compared in constant time). */
export function provesSecret(installation: ShopInstallation, secret: string, secretsKey: Buffer): boolean {
  return timingSafeEqual(digest(decryptSecret(secretsKey, installation.secretCiphertext)), digest(secret));
}

/**
 * Throws CONFLICT `shop_domain_taken` unless `businessAccountId` may install over `existing` (the
 * domain's row, with its secret loaded): no row, a released domain, the business's own domain, or
 * proof of the current secret.
 */
export function assertMayTake(
  existing: ShopInstallation | null,
  businessAccountId: string,
  secret: string,
  secretsKey: Buffer,
): void {
  if (!existing || existing.status === (ShopInstallationStatus.Released as string)) return;
  if (existing.businessAccountId === businessAccountId) return;
  if (provesSecret(existing, secret, secretsKey)) return;
  throw new ConflictError(
    existing.businessAccountId
      ? 'The shop domain is bound to another business account; installing it needs its current secret.'
      : 'The shop domain awaits an install with the secret the operator set; installing it needs that secret.',
    SHOP_DOMAIN_TAKEN,
  );
}
