/**
 * Cookies of the receipt pages, both HttpOnly, SameSite=Lax, Secure outside development and test, on
 * path /receipts: the form cookie (double submission, as the sign-in pages protect their forms) and
 * the pending claim carried across the sign-in, sealed with AES-256-GCM so it can be neither read
 * (the PKCE verifier) nor forged (which receipt is claimed).
 */
import { hkdfSync } from 'node:crypto';
import type { Request, Response } from 'express';
import { decryptSecret, encryptSecret } from '../../../subgraphs/kernel/auth/secrets-key.js';
import { formTokenCookie, isFormTokenOf, readCookies, setCookie } from '../../kernel/cookies.js';

export const RECEIPT_FORM_COOKIE = 'rmp_receipt_form';
export const PENDING_CLAIM_COOKIE = 'rmp_receipt_claim';
const COOKIE_PATH = '/receipts';
const FORM_COOKIE_SECONDS = 60 * 60;
/** Long enough to sign in (or sign up and confirm the address) on a phone. */
export const PENDING_CLAIM_SECONDS = 15 * 60;

/** The pending-claim cookie's own key, derived from the secrets key (SECRETS_KEY) so every facade instance shares it. */
export function receiptPageCookieKey(secretsKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', secretsKey, Buffer.alloc(0), 'rmp receipt-page pending claim', 32));
}

/** A claim started by the claim button, finished by the callback. */
export interface PendingClaim {
  /** Which page: a terminal's latest receipt or a transaction-QR token. */
  readonly kind: 'terminal' | 'rx';
  /** The publicTerminalId, or the transaction-QR token. */
  readonly id: string;
  /** The terminal claim token the page showed (kind terminal). */
  readonly claimToken: string | null;
  readonly codeVerifier: string;
  readonly state: string;
  /** Epoch milliseconds. */
  readonly expiresAt: number;
}

/** The form token of this browser, setting a new form cookie when it has none. */
export function receiptFormToken(req: Request, res: Response, secure: boolean): string {
  return formTokenCookie(req, res, { path: COOKIE_PATH, secure }, RECEIPT_FORM_COOKIE, FORM_COOKIE_SECONDS);
}

/** Whether the posted form token equals the form cookie (constant time). */
export function isReceiptFormTokenValid(req: Request, posted: string | undefined): boolean {
  return isFormTokenOf(req, RECEIPT_FORM_COOKIE, posted);
}

/** Sets the sealed pending claim. */
export function setPendingClaim(res: Response, key: Buffer, claim: PendingClaim, secure: boolean): void {
  setCookie(
    res,
    { path: COOKIE_PATH, secure },
    PENDING_CLAIM_COOKIE,
    encryptSecret(key, JSON.stringify(claim)),
    PENDING_CLAIM_SECONDS,
  );
}

/** Removes the pending claim (it is used once). */
export function clearPendingClaim(res: Response, secure: boolean): void {
  setCookie(res, { path: COOKIE_PATH, secure }, PENDING_CLAIM_COOKIE, '', 0);
}

function isPendingClaim(value: unknown): value is PendingClaim {
  const v = value as Partial<PendingClaim> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    (v.kind === 'terminal' || v.kind === 'rx') &&
    typeof v.id === 'string' &&
    (v.claimToken === null || typeof v.claimToken === 'string') &&
    typeof v.codeVerifier === 'string' &&
    typeof v.state === 'string' &&
    typeof v.expiresAt === 'number'
  );
}

/** The pending claim of this browser; undefined when absent, altered, sealed with another key or expired. */
export function readPendingClaim(req: Request, key: Buffer): PendingClaim | undefined {
  const sealed = readCookies(req)[PENDING_CLAIM_COOKIE];
  if (!sealed) return undefined;
  try {
    const claim: unknown = JSON.parse(decryptSecret(key, sealed));
    return isPendingClaim(claim) && claim.expiresAt > Date.now() ? claim : undefined;
  } catch {
    return undefined;
  }
}
