/**
 * `GET /oauth/authorize` and its pages (sign-in, sign-up, consent, sign-out) as an express router.
 * Each handler parses the request, runs the identity operations and renders; the protocol rules live
 * in the identity subgraph. Errors are HTML pages, or problem JSON for `Accept: application/json`.
 */
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { log } from '../../../subgraphs/kernel/logger.js';
import type { GraphQLExecutor } from '../../kernel/executor.js';
import { outageProblem, sendProblem } from '../../kernel/http.js';
import type { ProblemInput } from '../../kernel/problem.js';
import { clearSessionCookie, formToken, isFormTokenValid, readCookies, SESSION_COOKIE } from './cookies.js';
import { handleCredentials, showCredentialsPage } from './credentials.handler.js';
import { formBody, formBodyErrorHandler } from './form-body.js';
import {
  handleInvitation,
  handleResend,
  handleVerify,
  showInvitationPage,
  showResendPage,
  showVerifyPage,
} from './email.handler.js';
import { cspSourceOf, setPageHeaders } from './layout.js';
import { negotiateLocale } from './messages.js';
import { AuthorizationOperations, readAuthorizationQuery, type AuthorizationQuery } from './operations.js';
import { consentPage, errorPage } from './pages.js';

/** Options of {@link createOAuthPagesRouter}. */
export interface OAuthPagesOptions {
  readonly executor: GraphQLExecutor;
  /** Mark cookies `Secure` (everywhere but development and test). */
  readonly secureCookies: boolean;
}

/** What every handler gets. */
export interface PageContext {
  readonly req: Request;
  readonly res: Response;
  readonly ops: AuthorizationOperations;
  readonly locale: ReturnType<typeof negotiateLocale>;
  readonly secure: boolean;
  readonly auth: AuthorizationQuery;
}

const REPEATED = (names: readonly string[]): ProblemInput => ({
  status: 400,
  code: 'invalid_request',
  detail: `Parameters sent more than once: ${names.join(', ')}.`,
});

/** Answers a failure: problem JSON when asked for JSON, else an HTML page with the same status. */
export function fail(c: PageContext, problem: ProblemInput): void {
  setPageHeaders(c.res);
  if (c.req.accepts(['text/html', 'application/json']) === 'application/json') {
    sendProblem(c.req, c.res, problem);
    return;
  }
  const retryAfter = problem.headers?.['Retry-After'];
  if (retryAfter) c.res.setHeader('Retry-After', retryAfter);
  c.res
    .status(problem.status)
    .type('html')
    .send(errorPage(c.locale, problem.code, problem.detail));
}

/** A redirect that is never cached (302 after GET, 303 after POST). */
export function redirect(c: PageContext, status: 302 | 303, location: string): void {
  setPageHeaders(c.res);
  c.res.redirect(status, location);
}

const withQuery = (path: string, query: string): string => (query ? `${path}?${query}` : path);

async function authorize(c: PageContext): Promise<void> {
  if (c.auth.repeated.length > 0) return fail(c, REPEATED(c.auth.repeated));
  const sessionToken = readCookies(c.req)[SESSION_COOKIE];
  const prompt = await c.ops.prompt(c.auth.request, sessionToken);
  if (!prompt.ok) return fail(c, prompt.problem);
  const p = prompt.data;
  if (!p.signedIn) {
    if (sessionToken) clearSessionCookie(c.res, c.secure);
    return redirect(c, 302, withQuery('/oauth/sign-in', c.auth.query));
  }
  if (p.skipConsent) {
    const done = await c.ops.complete({
      request: c.auth.request,
      sessionToken,
      csrfToken: p.csrfToken,
      decision: 'APPROVE',
      businessAccountId: undefined,
    });
    return done.ok ? redirect(c, 302, done.data.redirectUrl) : fail(c, done.problem);
  }
  setPageHeaders(c.res, [cspSourceOf(p.redirectUri) ?? '']);
  c.res
    .status(200)
    .type('html')
    .send(consentPage(c.locale, p, c.auth.query));
}

function field(req: Request, name: string): string | undefined {
  const value = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
}

async function consent(c: PageContext): Promise<void> {
  const decision = field(c.req, 'decision');
  if (decision !== 'approve' && decision !== 'deny') {
    return fail(c, { status: 400, code: 'invalid_request', detail: 'decision must be approve or deny.' });
  }
  const done = await c.ops.complete({
    request: c.auth.request,
    sessionToken: readCookies(c.req)[SESSION_COOKIE],
    csrfToken: field(c.req, 'csrf_token'),
    decision: decision === 'approve' ? 'APPROVE' : 'DENY',
    businessAccountId: field(c.req, 'business_account_id'),
  });
  if (done.ok) return redirect(c, 303, done.data.redirectUrl);
  if (done.problem.code === 'session_required') return redirect(c, 303, withQuery('/oauth/sign-in', c.auth.query));
  fail(c, done.problem);
}

async function signOut(c: PageContext): Promise<void> {
  const done = await c.ops.signOut(readCookies(c.req)[SESSION_COOKIE], field(c.req, 'csrf_token'));
  if (!done.ok) return fail(c, done.problem);
  clearSessionCookie(c.res, c.secure);
  redirect(c, 303, withQuery('/oauth/sign-in', c.auth.query));
}

type Handler = (c: PageContext) => Promise<void>;

function page(options: OAuthPagesOptions, handler: Handler) {
  return async (req: Request, res: Response): Promise<void> => {
    const c: PageContext = {
      req,
      res,
      ops: new AuthorizationOperations(options.executor, req.requestId, req.ip),
      locale: negotiateLocale(req.headers['accept-language']),
      secure: options.secureCookies,
      auth: readAuthorizationQuery(req),
    };
    res.setHeader('Content-Language', c.locale);
    res.setHeader('Vary', 'Accept-Language, Accept, Cookie');
    await handler(c);
  };
}

/** Pre-session forms: a posted form token that is not this browser's answers 403 before anything runs. */
function formGuard(options: OAuthPagesOptions, handler: Handler): Handler {
  return async (c) => {
    if (!isFormTokenValid(c.req, field(c.req, 'csrf_token'))) {
      formToken(c.req, c.res, options.secureCookies);
      return fail(c, { status: 403, code: 'csrf_failed', detail: 'The form token is missing or wrong.' });
    }
    await handler(c);
  };
}

function errorHandler(error: unknown, req: Request, res: Response, _next: NextFunction): void {
  // A database outage is a 503 page with Retry-After (reported once per outage), anything else a 500.
  const outage = outageProblem(error, req.requestId);
  if (!outage) log('error', 'oauth page failed', { requestId: req.requestId, error });
  setPageHeaders(res);
  if (res.headersSent) return;
  const c = { req, res, locale: negotiateLocale(req.headers['accept-language']) } as PageContext;
  fail(
    c,
    outage ?? { status: 500, code: 'internal_error', detail: `Quote this id when reporting it: ${req.requestId}` },
  );
}

/** The proven-email and owner-invitation pages; their POSTs carry the form token like sign-in. */
function mountEmailPages(router: Router, options: OAuthPagesOptions, form: express.RequestHandler): void {
  const guarded = (handler: Handler) => page(options, formGuard(options, handler));
  router.get('/verify-email', page(options, showVerifyPage));
  router.post('/verify-email', form, guarded(handleVerify));
  router.get('/resend-verification', page(options, showResendPage));
  router.post('/resend-verification', form, guarded(handleResend));
  router.get('/owner-invitation', page(options, showInvitationPage));
  router.post('/owner-invitation', form, guarded(handleInvitation));
}

/** The router to mount at `/oauth`. */
export function createOAuthPagesRouter(options: OAuthPagesOptions): Router {
  const router = express.Router();
  const form = formBody();
  router.get('/authorize', page(options, authorize));
  router.get(
    '/sign-in',
    page(options, (c) => showCredentialsPage(c, 'sign-in')),
  );
  router.get(
    '/sign-up',
    page(options, (c) => showCredentialsPage(c, 'sign-up')),
  );
  router.post(
    '/sign-in',
    form,
    page(
      options,
      formGuard(options, (c) => handleCredentials(c, 'sign-in')),
    ),
  );
  router.post(
    '/sign-up',
    form,
    page(
      options,
      formGuard(options, (c) => handleCredentials(c, 'sign-up')),
    ),
  );
  router.post('/consent', form, page(options, consent));
  mountEmailPages(router, options, form);
  router.post('/sign-out', form, page(options, signOut));
  router.use(formBodyErrorHandler, errorHandler);
  return router;
}
