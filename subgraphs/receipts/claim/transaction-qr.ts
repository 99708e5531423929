/**
 * Transaction-QR tokens: why one cannot be used, from its row. Claiming itself is one conditional
 * UPDATE (claim.service.ts); this only explains a token the UPDATE did not match, or a token read.
 */
import { createHash } from 'node:crypto';
import type { EntityManager } from '../../kernel/db/orm.js';
import { ConflictError, NotFoundError } from '../../kernel/errors.js';
import { TransactionQrToken } from './transaction-qr-token.entity.js';

/** SHA-256 hex of a token: what the database stores and looks up. */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A transaction-QR token is 43 characters of base64url (32 random bytes). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The token's row, or null for anything that is not a token we issued. */
export function findQrToken(em: EntityManager, token: string): Promise<TransactionQrToken | null> {
  return TOKEN_SHAPE.test(token)
    ? em.findOne(TransactionQrToken, { tokenHash: tokenDigest(token) })
    : Promise.resolve(null);
}

/**
 * The error for a token that cannot be used now, or null when it is active. A claimed token is 404
 * `token_claimed` when read and 409 `token_already_claimed` when claimed again (interface: States).
 */
export function unusableQrToken(
  row: TransactionQrToken | null,
  use: 'read' | 'claim',
  now: Date = new Date(),
): Error | null {
  if (!row) return new NotFoundError('No receipt has this token.', 'unknown_token');
  if (row.transactionId === null) return new NotFoundError('The transaction was deleted.', 'transaction_deleted');
  if (row.revokedAt) return new NotFoundError('The token was revoked.', 'token_revoked');
  if (row.claimedAt) {
    return use === 'claim'
      ? new ConflictError('The receipt of this token was already claimed.', 'token_already_claimed')
      : new NotFoundError('The receipt of this token was already claimed.', 'token_claimed');
  }
  if (row.expiresAt.getTime() <= now.getTime()) return new NotFoundError('The token has expired.', 'token_expired');
  return null;
}
