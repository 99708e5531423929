/**
 * Browser sessions of the authorization pages: opaque 256-bit tokens kept only as SHA-256, an idle
 * limit of 8 hours and an absolute one of 24 hours (OWASP session management), and a CSRF token
 * derived from the session token, so the pages need no second secret and the check needs no lookup.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { EntityManager } from '../../kernel/db/orm.js';
import { User } from '../user/user.entity.js';
import { newOpaqueToken, tokenDigest } from '../oauth/opaque-token.js';
import { BrowserSession } from './browser-session.entity.js';

/** Idle lifetime: a session unused this long ends. */
export const SESSION_IDLE_MS = 8 * 60 * 60 * 1000;
/** Absolute lifetime from sign-in. */
export const SESSION_ABSOLUTE_MS = 24 * 60 * 60 * 1000;
/** The idle end is pushed forward at most this often (saves a write per page view). */
const TOUCH_AFTER_MS = 60 * 1000;

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** A new session as the browser gets it. */
export interface IssuedSession {
  readonly token: string;
  readonly csrfToken: string;
  readonly expiresAt: Date;
}

/** A live session and its user. */
export interface LiveSession {
  readonly session: BrowserSession;
  readonly user: User;
  readonly csrfToken: string;
}

/** The CSRF token of a session: HMAC-SHA256 keyed by the session token (unguessable without it). */
export function csrfTokenOf(sessionToken: string): string {
  return createHmac('sha256', sessionToken).update('rmp-authorization-csrf').digest('base64url');
}

/** Whether `given` is the CSRF token of `sessionToken`, compared in constant time. */
export function isCsrfTokenOf(sessionToken: string, given: string | null | undefined): boolean {
  const expected = Buffer.from(csrfTokenOf(sessionToken), 'utf8');
  const actual = Buffer.from(given ?? '', 'utf8');
  // Equal lengths first: timingSafeEqual throws otherwise; the length of a digest is no secret.
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Starts a session for `userId`. */
export async function startSession(em: EntityManager, userId: string, now = new Date()): Promise<IssuedSession> {
  const token = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
  em.create(BrowserSession, {
    tokenHash: tokenDigest(token),
    userId,
    expiresAt,
    idleExpiresAt: new Date(now.getTime() + SESSION_IDLE_MS),
    createdAt: now,
    updatedAt: now,
  });
  await em.flush();
  return { token, csrfToken: csrfTokenOf(token), expiresAt };
}

/** The live session of `token` (not expired, user not deleted), its idle end pushed forward; else null. */
export async function findLiveSession(
  em: EntityManager,
  token: string | null | undefined,
  now = new Date(),
): Promise<LiveSession | null> {
  if (!token || !TOKEN_SHAPE.test(token)) return null;
  const session = await em.findOne(BrowserSession, {
    tokenHash: tokenDigest(token),
    expiresAt: { $gt: now },
    idleExpiresAt: { $gt: now },
  });
  if (!session) return null;
  const user = await em.findOne(User, { id: session.userId, deletedAt: null, isAnonymous: false });
  if (!user) return null;
  const idleEnd = Math.min(now.getTime() + SESSION_IDLE_MS, session.expiresAt.getTime());
  if (idleEnd - session.idleExpiresAt.getTime() > TOUCH_AFTER_MS) {
    await em.nativeUpdate(BrowserSession, { id: session.id }, { idleExpiresAt: new Date(idleEnd), updatedAt: now });
  }
  return { session, user, csrfToken: csrfTokenOf(token) };
}

/** Ends the session of `token` (sign-out); also sweeps sessions that ended. */
export async function endSession(em: EntityManager, token: string, now = new Date()): Promise<void> {
  await em.nativeDelete(BrowserSession, { tokenHash: tokenDigest(token) });
  await em.nativeDelete(BrowserSession, { $or: [{ expiresAt: { $lte: now } }, { idleExpiresAt: { $lte: now } }] });
}

/** Ends every browser session of a user (password changed, account deleted); returns how many. */
export async function endUserSessions(em: EntityManager, userId: string): Promise<number> {
  const rows = await em.execute<{ id: string }[]>('delete from "browser_session" where "user_id" = ? returning "id"', [
    userId,
  ]);
  return rows.length;
}
