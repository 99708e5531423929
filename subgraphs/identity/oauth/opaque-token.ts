/** Opaque secrets (authorization codes, refresh tokens): 256 random bits, kept only as SHA-256. */
import { createHash, randomBytes } from 'node:crypto';

/** A new opaque token: 256 random bits, base64url (43 characters). */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 hex of a token: what the database stores and looks up (a lookup by digest leaks nothing useful by timing). */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** RFC 7636 S256: base64url(SHA-256(ASCII(verifier))). */
export function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** RFC 7636 §4.1: 43 to 128 unreserved characters. Also the shape of an S256 challenge (43). */
export const PKCE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
