/**
 * Cookies of the authorization pages: the session cookie (HttpOnly, SameSite=Lax, Secure outside
 * development and test) and the form cookie that protects the pre-session forms (sign-in, sign-up)
 * against login CSRF by double submission, compared in constant time.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import { readCookies } from '../../kernel/cookies.js';

export { readCookies } from '../../kernel/cookies.js';

export const SESSION_COOKIE = 'rmp_session';
export const FORM_COOKIE = 'rmp_form';
const COOKIE_PATH = '/oauth';
const FORM_COOKIE_SECONDS = 2 * 60 * 60;

function setCookie(res: Response, name: string, value: string, maxAgeSeconds: number, secure: boolean): void {
  const attributes = [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ];
  res.append('Set-Cookie', attributes.join('; '));
}

/** Sets the session cookie until `expiresAt`. */
export function setSessionCookie(res: Response, token: string, expiresAt: Date, secure: boolean): void {
  setCookie(res, SESSION_COOKIE, token, (expiresAt.getTime() - Date.now()) / 1000, secure);
}

/** Removes the session cookie. */
export function clearSessionCookie(res: Response, secure: boolean): void {
  setCookie(res, SESSION_COOKIE, '', 0, secure);
}

/** The form token of this browser, setting a new form cookie when it has none. */
export function formToken(req: Request, res: Response, secure: boolean): string {
  const existing = readCookies(req)[FORM_COOKIE];
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
  const token = randomBytes(32).toString('base64url');
  setCookie(res, FORM_COOKIE, token, FORM_COOKIE_SECONDS, secure);
  return token;
}

/** Whether the posted form token equals the form cookie (constant time). */
export function isFormTokenValid(req: Request, posted: string | undefined): boolean {
  const cookie = Buffer.from(readCookies(req)[FORM_COOKIE] ?? '', 'utf8');
  const given = Buffer.from(posted ?? '', 'utf8');
  return cookie.length === 43 && given.length === cookie.length && timingSafeEqual(cookie, given);
}
