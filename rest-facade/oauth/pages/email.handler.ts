/**
 * The verification link's page (GET shows a button, POST verifies: mail scanners only GET), the resend
 * form, and the owner invitation page. POSTs are guarded by the form token like sign-in (router.ts).
 */
import { formToken, readCookies, SESSION_COOKIE } from './cookies.js';
import {
  checkMailPage,
  invitationAcceptedPage,
  invitationPage,
  resendPage,
  verifiedPage,
  verifyPage,
} from './email-pages.js';
import { setPageHeaders } from './layout.js';
import { messagesFor } from './messages.js';
import { fail, type PageContext } from './router.js';

function field(c: PageContext, name: string): string {
  const value = (c.req.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}

function queryToken(c: PageContext): string {
  const value = c.req.query.token;
  return typeof value === 'string' ? value : '';
}

function send(c: PageContext, status: number, body: string): void {
  setPageHeaders(c.res);
  c.res.status(status).type('html').send(body);
}

/** A 429 in the page's language, with Retry-After. */
function limited(c: PageContext, problem: Parameters<typeof fail>[1], kind: 'sign-up' | 'mail'): void {
  const m = messagesFor(c.locale);
  const seconds = problem.headers?.['Retry-After'] ?? '60';
  fail(c, { ...problem, detail: kind === 'sign-up' ? m.signUpLimited(seconds) : problem.detail });
}

export { limited as rateLimitedPage };

/** GET /oauth/verify-email?token=…: a confirm button (nothing is spent yet). */
export async function showVerifyPage(c: PageContext): Promise<void> {
  send(c, 200, verifyPage(c.locale, formToken(c.req, c.res, c.secure), queryToken(c)));
  return Promise.resolve();
}

/** POST /oauth/verify-email: spends the link, then offers to continue the authorization request. */
export async function handleVerify(c: PageContext): Promise<void> {
  const done = await c.ops.verifyEmail(field(c, 'token'));
  if (!done.ok) return fail(c, done.problem);
  send(c, 200, verifiedPage(c.locale, done.data.email, done.data.returnQuery));
}

/** GET /oauth/resend-verification: the form. */
export async function showResendPage(c: PageContext): Promise<void> {
  send(c, 200, resendPage(c.locale, formToken(c.req, c.res, c.secure), c.auth.query));
  return Promise.resolve();
}

/** POST /oauth/resend-verification: "check your mail", whether or not the address has an account. */
export async function handleResend(c: PageContext): Promise<void> {
  const email = field(c, 'email');
  const done = await c.ops.resendVerification({ email, locale: c.locale, returnQuery: c.auth.query });
  if (!done.ok) return done.problem.status === 429 ? limited(c, done.problem, 'mail') : fail(c, done.problem);
  send(c, 200, checkMailPage(c.locale, email.trim(), c.auth.query, true));
}

/** GET /oauth/owner-invitation?token=…: the accept button. */
export async function showInvitationPage(c: PageContext): Promise<void> {
  send(c, 200, invitationPage(c.locale, formToken(c.req, c.res, c.secure), queryToken(c)));
  return Promise.resolve();
}

/**
 * POST /oauth/owner-invitation: binds the signed-in, verified account with the invited address (as an
 * owner, or for a staff invitation as the staff member).
 */
export async function handleInvitation(c: PageContext): Promise<void> {
  const sessionToken = readCookies(c.req)[SESSION_COOKIE] ?? null;
  // The form token (checked by the router's guard) proves this browser posted the form.
  const done = await c.ops.acceptInvitation({ token: field(c, 'token'), sessionToken });
  if (!done.ok) return fail(c, done.problem);
  send(c, 200, invitationAcceptedPage(c.locale, done.data.businessName, done.data.kind === 'STAFF'));
}
