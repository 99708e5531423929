/**
 * Cookies of the events page, all HttpOnly, SameSite=Lax, Secure outside development and test, on
 * path /dashboard, sealed with AES-256-GCM (a key of their own derived from SECRETS_KEY, so every
 * facade instance shares it) so they can be neither read nor forged: the pending sign-in (state and
 * PKCE verifier, 15 minutes) and the session (the owner's access and refresh tokens, 12 hours). The
 * browser never holds the refresh token; it gets a current access token from `POST /dashboard/token`
 * when it opens the WebSocket. Plus the double-submit form cookie of the sign-out button.
 */
import { hkdfSync } from 'node:crypto';
import type { Request, Response } from 'express';
import { decryptSecret, encryptSecret } from '../../subgraphs/kernel/auth/secrets-key.js';
import { formTokenCookie, isFormTokenOf, readCookies, setCookie, type CookieScope } from '../kernel/cookies.js';

export const DASHBOARD_SIGN_IN_COOKIE = 'rmp_dashboard_sign_in';
export const DASHBOARD_SESSION_COOKIE = 'rmp_dashboard_session';
export const DASHBOARD_FORM_COOKIE = 'rmp_dashboard_form';
const COOKIE_PATH = '/dashboard';
/** Long enough to sign in (or sign up and confirm the address). */
export const SIGN_IN_SECONDS = 15 * 60;
/** A working day; the access token inside is refreshed as it expires, the session is not extended. */
export const SESSION_SECONDS = 12 * 60 * 60;
const FORM_COOKIE_SECONDS = SESSION_SECONDS;

/** The cookies' own key, derived from the secrets key (SECRETS_KEY). */
export function dashboardCookieKey(secretsKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', secretsKey, Buffer.alloc(0), 'rmp dashboard session', 32));
}

/** A sign-in started by the page, finished by the callback. */
export interface PendingSignIn {
  readonly codeVerifier: string;
  readonly state: string;
  /** Epoch milliseconds. */
  readonly expiresAt: number;
  /** The page to show once signed in (only the dashboard's own pages). */
  readonly returnTo?: '/dashboard' | '/dashboard/events';
}

/** A signed-in owner. */
export interface DashboardSession {
  readonly accessToken: string;
  readonly refreshToken: string;
  /** When the access token expires, epoch milliseconds. */
  readonly accessExpiresAt: number;
  /** When the session ends whatever the tokens say, epoch milliseconds. */
  readonly expiresAt: number;
}

const scope = (secure: boolean): CookieScope => ({ path: COOKIE_PATH, secure });

function seal(res: Response, key: Buffer, name: string, value: unknown, seconds: number, secure: boolean): void {
  setCookie(res, scope(secure), name, encryptSecret(key, JSON.stringify(value)), seconds);
}

function unseal(req: Request, key: Buffer, name: string): unknown {
  const sealed = readCookies(req)[name];
  if (!sealed) return undefined;
  try {
    return JSON.parse(decryptSecret(key, sealed));
  } catch {
    return undefined;
  }
}

export function setPendingSignIn(res: Response, key: Buffer, pending: PendingSignIn, secure: boolean): void {
  seal(res, key, DASHBOARD_SIGN_IN_COOKIE, pending, SIGN_IN_SECONDS, secure);
}

export function clearPendingSignIn(res: Response, secure: boolean): void {
  setCookie(res, scope(secure), DASHBOARD_SIGN_IN_COOKIE, '', 0);
}

/** The pending sign-in of this browser; undefined when absent, altered, sealed with another key or expired. */
export function readPendingSignIn(req: Request, key: Buffer): PendingSignIn | undefined {
  const v = unseal(req, key, DASHBOARD_SIGN_IN_COOKIE) as Partial<PendingSignIn> | undefined;
  if (typeof v !== 'object' || v === null) return undefined;
  const { codeVerifier, state, expiresAt } = v;
  if (typeof codeVerifier !== 'string' || typeof state !== 'string' || typeof expiresAt !== 'number') return undefined;
  const returnTo = v.returnTo === '/dashboard' ? '/dashboard' : '/dashboard/events';
  return expiresAt > Date.now() ? { codeVerifier, state, expiresAt, returnTo } : undefined;
}

/** Sets the session cookie; it lives until the session's own end. */
export function setSession(res: Response, key: Buffer, session: DashboardSession, secure: boolean): void {
  const seconds = Math.max(0, Math.floor((session.expiresAt - Date.now()) / 1000));
  seal(res, key, DASHBOARD_SESSION_COOKIE, session, seconds, secure);
}

export function clearSession(res: Response, secure: boolean): void {
  setCookie(res, scope(secure), DASHBOARD_SESSION_COOKIE, '', 0);
}

/** The session of this browser; undefined when absent, altered, sealed with another key or over. */
export function readSession(req: Request, key: Buffer): DashboardSession | undefined {
  const v = unseal(req, key, DASHBOARD_SESSION_COOKIE) as Partial<DashboardSession> | undefined;
  if (typeof v !== 'object' || v === null) return undefined;
  const { accessToken, refreshToken, accessExpiresAt, expiresAt } = v;
  if (
    typeof accessToken !== 'string' ||
    typeof refreshToken !== 'string' ||
    typeof accessExpiresAt !== 'number' ||
    typeof expiresAt !== 'number'
  )
    return undefined;
  return expiresAt > Date.now() ? { accessToken, refreshToken, accessExpiresAt, expiresAt } : undefined;
}

/** The sign-out form's token, setting the form cookie when this browser has none. */
export function dashboardFormToken(req: Request, res: Response, secure: boolean): string {
  return formTokenCookie(req, res, scope(secure), DASHBOARD_FORM_COOKIE, FORM_COOKIE_SECONDS);
}

export function isDashboardFormTokenValid(req: Request, posted: string | undefined): boolean {
  return isFormTokenOf(req, DASHBOARD_FORM_COOKIE, posted);
}
