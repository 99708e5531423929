/**
 * Cookies of the authorization pages: the session cookie (HttpOnly, SameSite=Lax, Secure outside
 * development and test) and the form cookie that protects the pre-session forms (sign-in, sign-up)
 * against login CSRF by double submission, compared in constant time.
 */
import type { Request, Response } from 'express';
import { formTokenCookie, isFormTokenOf, setCookie } from '../../kernel/cookies.js';

export { readCookies } from '../../kernel/cookies.js';

export const SESSION_COOKIE = 'rmp_session';
export const FORM_COOKIE = 'rmp_form';
const COOKIE_PATH = '/oauth';
const FORM_COOKIE_SECONDS = 2 * 60 * 60;

/** Sets the session cookie until `expiresAt`. */
export function setSessionCookie(res: Response, token: string, expiresAt: Date, secure: boolean): void {
  setCookie(res, { path: COOKIE_PATH, secure }, SESSION_COOKIE, token, (expiresAt.getTime() - Date.now()) / 1000);
}

/** Removes the session cookie. */
export function clearSessionCookie(res: Response, secure: boolean): void {
  setCookie(res, { path: COOKIE_PATH, secure }, SESSION_COOKIE, '', 0);
}

/** The form token of this browser, setting a new form cookie when it has none. */
export function formToken(req: Request, res: Response, secure: boolean): string {
  return formTokenCookie(req, res, { path: COOKIE_PATH, secure }, FORM_COOKIE, FORM_COOKIE_SECONDS);
}

/** Whether the posted form token equals the form cookie (constant time). */
export function isFormTokenValid(req: Request, posted: string | undefined): boolean {
  return isFormTokenOf(req, FORM_COOKIE, posted);
}
