/** The cookies of the facade's pages: reading them, setting them, and double-submit form tokens. */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';

/** The cookies of a request (first value of each name). */
export function readCookies(req: Request): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 1) continue;
    const name = part.slice(0, at).trim();
    if (name in out) continue;
    try {
      out[name] = decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      // a malformed value is no credential
    }
  }
  return out;
}

/** Where a page's cookies live and how they are marked. */
export interface CookieScope {
  /** The cookie path, e.g. `/oauth` or `/receipts`. */
  readonly path: string;
  /** Mark the cookies `Secure` (everywhere but development and test). */
  readonly secure: boolean;
}

/** Sets an HttpOnly, SameSite=Lax cookie on `scope`'s path; `maxAgeSeconds` 0 removes it. */
export function setCookie(res: Response, scope: CookieScope, name: string, value: string, maxAgeSeconds: number): void {
  const attributes = [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${scope.path}`,
    `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(scope.secure ? ['Secure'] : []),
  ];
  res.append('Set-Cookie', attributes.join('; '));
}

const FORM_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The double-submit form token of this browser in cookie `name` (256 random bits, base64url), setting
 * a new one for `maxAgeSeconds` when it has none.
 */
export function formTokenCookie(
  req: Request,
  res: Response,
  scope: CookieScope,
  name: string,
  maxAgeSeconds: number,
): string {
  const existing = readCookies(req)[name];
  if (existing && FORM_TOKEN.test(existing)) return existing;
  const token = randomBytes(32).toString('base64url');
  setCookie(res, scope, name, token, maxAgeSeconds);
  return token;
}

/** Whether the posted form token equals the form cookie `name` (constant time). */
export function isFormTokenOf(req: Request, name: string, posted: string | undefined): boolean {
  const cookie = Buffer.from(readCookies(req)[name] ?? '', 'utf8');
  const given = Buffer.from(posted ?? '', 'utf8');
  return cookie.length === 43 && given.length === cookie.length && timingSafeEqual(cookie, given);
}
