/**
 * The live events page as an express router the facade mounts at `/dashboard`:
 *
 * - `GET /events`: signed in, the page (status, type filter, the list the script fills); not signed
 *   in, a 303 to this service's own `/oauth/authorize` as the dashboard's first-party client
 *   (authorization code, PKCE S256, a business scope, `org_id` passed through), keeping the state
 *   and verifier in a sealed cookie.
 * - `GET /callback`: checks `state`, exchanges the code server-side, keeps the tokens in the sealed
 *   session cookie (HttpOnly: the page's script never sees the refresh token) and goes to the page.
 * - `POST /token`: the session's access token for the script's graphql-ws `connection_init`,
 *   refreshed when it is about to expire (or on `?renew=1`); 401 when the session is gone. Needs the
 *   `X-Requested-With` header, so no other site's form or simple request can make it refresh.
 * - `POST /sign-out`: revokes the grant, removes the session.
 * - `GET /events.js`: the page's script.
 *
 * Japanese or English by `Accept-Language`.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { log } from '../../subgraphs/kernel/logger.js';
import type { GraphQLExecutor } from '../kernel/executor.js';
import { outageProblem, sendJson, sendProblem } from '../kernel/http.js';
import type { ProblemInput } from '../kernel/problem.js';
import {
  clearPendingSignIn,
  clearSession,
  dashboardFormToken,
  isDashboardFormTokenValid,
  readPendingSignIn,
  readSession,
  SESSION_SECONDS,
  setPendingSignIn,
  setSession,
  SIGN_IN_SECONDS,
  type DashboardSession,
} from './cookies.js';
import { EVENTS_CLIENT_SCRIPT } from './events-client.js';
import { setDashboardHeaders } from './layout.js';
import { negotiateLocale, type Locale } from './messages.js';
import { DashboardOperations, type DashboardClient, type DashboardTokens } from './operations.js';
import { DASHBOARD_SCOPES } from './scopes.js';
import { InsightsReader } from './insights-data.js';
import { insightsPage } from './insights-view.js';
import { eventsPage, signedOutPage, statePage } from './views.js';

/** The subscription the page's script sends (`$after`: the last event id it showed, on a resume). */
export const EVENTS_SUBSCRIPTION = `subscription DashboardEvents($types: [String!], $after: ID) {
  events(types: $types, after: $after) { id type occurredAt businessAccountId data }
}`;

/** The access token is renewed when it has less than this left. */
const RENEW_BEFORE_MS = 60_000;

/** Options of {@link createDashboardRouter}. */
export interface DashboardOptions {
  readonly executor: GraphQLExecutor;
  /** The service's public base URL: the sign-in returns to `{publicUrl}/dashboard/callback`. */
  readonly publicUrl: string;
  /** Mark cookies `Secure` (everywhere but development and test). */
  readonly secureCookies: boolean;
  /** 32 bytes that seal the cookies ({@link dashboardCookieKey}); every facade instance needs the same. */
  readonly cookieKey: Buffer;
  /** The first-party client the page signs owners in with; absent: the page answers 503. */
  readonly client: DashboardClient | undefined;
  /** The gateway's public base URL (GATEWAY_PUBLIC_URL); absent: `/graphql` of the page's origin. */
  readonly gatewayPublicUrl: string | undefined;
  /** The event types of the filter. */
  readonly eventTypes: readonly string[];
}

interface Context {
  readonly req: Request;
  readonly res: Response;
  readonly locale: Locale;
  readonly options: DashboardOptions;
  readonly client: DashboardClient;
  readonly ops: DashboardOperations;
}

const callbackUri = (options: DashboardOptions): string =>
  `${options.publicUrl.replace(/\/+$/, '')}/dashboard/callback`;

/** The graphql-ws endpoint of the gateway's public URL (`ws:`/`wss:`), or null for this origin's `/graphql`. */
export function gatewayWebSocketUrl(gatewayPublicUrl: string | undefined): string | null {
  if (!gatewayPublicUrl) return null;
  const url = new URL(`${gatewayPublicUrl.replace(/\/+$/, '')}/graphql`);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

function failPage(c: Pick<Context, 'res' | 'locale'>, problem: ProblemInput): void {
  setDashboardHeaders(c.res);
  const retryAfter = problem.headers?.['Retry-After'];
  if (retryAfter) c.res.setHeader('Retry-After', retryAfter);
  c.res
    .status(problem.status)
    .type('html')
    .send(statePage(c.locale, problem.code, problem.detail));
}

function query(req: Request, name: string): string | undefined {
  const value = (req.query as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

/** Not signed in: to the authorization endpoint, with a pending sign-in in a sealed cookie. */
function startSignIn(c: Context, returnTo: '/dashboard' | '/dashboard/events' = '/dashboard/events'): void {
  const codeVerifier = randomBytes(32).toString('base64url');
  const state = randomBytes(16).toString('base64url');
  setPendingSignIn(
    c.res,
    c.options.cookieKey,
    { codeVerifier, state, expiresAt: Date.now() + SIGN_IN_SECONDS * 1000, returnTo },
    c.options.secureCookies,
  );
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: c.client.clientId,
    redirect_uri: callbackUri(c.options),
    scope: DASHBOARD_SCOPES.join(' '),
    state,
    code_challenge: createHash('sha256').update(codeVerifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  const orgId = query(c.req, 'org_id');
  if (orgId) params.set('org_id', orgId);
  setDashboardHeaders(c.res);
  c.res.redirect(303, `/oauth/authorize?${params.toString()}`);
}

function showEvents(c: Context): void {
  const wsUrl = gatewayWebSocketUrl(c.options.gatewayPublicUrl);
  const csrfToken = dashboardFormToken(c.req, c.res, c.options.secureCookies);
  setDashboardHeaders(c.res, { script: true, connectSources: wsUrl ? [new URL(wsUrl).origin] : [] });
  c.res
    .status(200)
    .type('html')
    .send(
      eventsPage(c.locale, {
        types: c.options.eventTypes,
        query: EVENTS_SUBSCRIPTION,
        wsUrl,
        tokenPath: '/dashboard/token',
        csrfToken,
      }),
    );
}

async function eventsRoute(c: Context): Promise<void> {
  if (readSession(c.req, c.options.cookieKey)) return showEvents(c);
  startSignIn(c);
}

/** The session's access token, refreshed first when it is about to expire; null when the session is over. */
async function liveAccessToken(c: Context, session: DashboardSession): Promise<string | null> {
  if (session.accessExpiresAt - Date.now() >= RENEW_BEFORE_MS) return session.accessToken;
  const renewed = await c.ops.refresh(session.refreshToken);
  if (!renewed.ok) return null;
  const next = sessionOf(renewed.data, session.expiresAt);
  setSession(c.res, c.options.cookieKey, next, c.options.secureCookies);
  return next.accessToken;
}

/** The insights page of the chosen store (`?store=`), else of the store with the most sales. */
async function insightsRoute(c: Context): Promise<void> {
  const session = readSession(c.req, c.options.cookieKey);
  const accessToken = session ? await liveAccessToken(c, session) : null;
  if (!accessToken) {
    clearSession(c.res, c.options.secureCookies);
    return startSignIn(c, '/dashboard');
  }
  const reader = new InsightsReader(c.options.executor, accessToken, c.req.requestId, c.req.ip);
  const now = new Date();
  const stores = await reader.stores(now);
  // A session from before the page asked for sales.read: sign in again for the new scopes.
  if (!stores.ok && stores.problem.code === 'insufficient_scope') return startSignIn(c, '/dashboard');
  if (!stores.ok) return failPage(c, stores.problem);
  const wanted = query(c.req, 'store');
  const storeId = wanted ?? stores.data[0]?.id;
  const insights = storeId ? await reader.insights(storeId, now) : null;
  if (insights && !insights.ok) return failPage(c, insights.problem);
  const wsUrl = gatewayWebSocketUrl(c.options.gatewayPublicUrl);
  const csrfToken = dashboardFormToken(c.req, c.res, c.options.secureCookies);
  setDashboardHeaders(c.res, { script: true, connectSources: wsUrl ? [new URL(wsUrl).origin] : [] });
  c.res
    .status(200)
    .type('html')
    .send(
      insightsPage(c.locale, {
        stores: stores.data,
        insights: insights?.data ?? null,
        events: {
          types: c.options.eventTypes,
          query: EVENTS_SUBSCRIPTION,
          wsUrl,
          tokenPath: '/dashboard/token',
          csrfToken,
        },
      }),
    );
}

function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function sessionOf(tokens: DashboardTokens, expiresAt: number): DashboardSession {
  return {
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    accessExpiresAt: Date.now() + tokens.expiresIn * 1000,
    expiresAt,
  };
}

async function callbackRoute(c: Context): Promise<void> {
  const pending = readPendingSignIn(c.req, c.options.cookieKey);
  clearPendingSignIn(c.res, c.options.secureCookies);
  if (!pending) return failPage(c, { status: 400, code: 'sign_in_missing', detail: 'No sign-in is waiting.' });
  if (!sameText(query(c.req, 'state') ?? '', pending.state))
    return failPage(c, { status: 400, code: 'invalid_state', detail: 'The state does not match this browser.' });
  const error = query(c.req, 'error');
  if (error === 'access_denied')
    return failPage(c, { status: 403, code: 'access_denied', detail: 'The sign-in was cancelled.' });
  const code = query(c.req, 'code');
  if (error || !code)
    return failPage(c, {
      status: 400,
      code: error ?? 'invalid_request',
      detail: query(c.req, 'error_description') ?? 'No code.',
    });
  const tokens = await c.ops.exchangeCode({
    code,
    redirectUri: callbackUri(c.options),
    codeVerifier: pending.codeVerifier,
  });
  if (!tokens.ok) return failPage(c, tokens.problem);
  const session = sessionOf(tokens.data, Date.now() + SESSION_SECONDS * 1000);
  setSession(c.res, c.options.cookieKey, session, c.options.secureCookies);
  setDashboardHeaders(c.res);
  c.res.redirect(303, pending.returnTo ?? '/dashboard/events');
}

async function tokenRoute(c: Context): Promise<void> {
  c.res.setHeader('Cache-Control', 'no-store');
  if (c.req.get('x-requested-with') !== 'fetch')
    return sendProblem(c.req, c.res, {
      status: 403,
      code: 'header_required',
      detail: 'Send X-Requested-With: fetch (the events page does).',
    });
  let session = readSession(c.req, c.options.cookieKey);
  if (!session) return sendProblem(c.req, c.res, { status: 401, code: 'not_signed_in', detail: 'Sign in first.' });
  if (query(c.req, 'renew') === '1' || session.accessExpiresAt - Date.now() < RENEW_BEFORE_MS) {
    const renewed = await c.ops.refresh(session.refreshToken);
    if (!renewed.ok) {
      if (renewed.problem.status >= 500) return sendProblem(c.req, c.res, renewed.problem);
      // The grant was revoked or the refresh token is spent: the session is over.
      clearSession(c.res, c.options.secureCookies);
      return sendProblem(c.req, c.res, { status: 401, code: 'session_ended', detail: 'Sign in again.' });
    }
    session = sessionOf(renewed.data, session.expiresAt);
    setSession(c.res, c.options.cookieKey, session, c.options.secureCookies);
  }
  sendJson(c.req, c.res, 200, {
    accessToken: session.accessToken,
    expiresAt: new Date(session.accessExpiresAt).toISOString(),
  });
}

async function signOutRoute(c: Context): Promise<void> {
  const posted = (c.req.body as Record<string, unknown> | undefined)?.csrf_token;
  if (!isDashboardFormTokenValid(c.req, typeof posted === 'string' ? posted : undefined)) {
    dashboardFormToken(c.req, c.res, c.options.secureCookies);
    return failPage(c, { status: 403, code: 'csrf_failed', detail: 'The form token is missing or wrong.' });
  }
  const session = readSession(c.req, c.options.cookieKey);
  clearSession(c.res, c.options.secureCookies);
  if (session) {
    // Revoking the refresh token revokes the grant, and with it the access token (RFC 7009 §2.1).
    const revoked = await c.ops.revoke(session.refreshToken, 'refresh_token');
    if (!revoked.ok)
      log('warn', 'events page could not revoke a token', { requestId: c.req.requestId, code: revoked.problem.code });
  }
  setDashboardHeaders(c.res);
  c.res.status(200).type('html').send(signedOutPage(c.locale));
}

type Handler = (c: Context) => Promise<void>;

function route(options: DashboardOptions, handler: Handler) {
  return async (req: Request, res: Response): Promise<void> => {
    const locale = negotiateLocale(req.headers['accept-language']);
    res.setHeader('Content-Language', locale);
    res.setHeader('Vary', 'Accept-Language, Cookie');
    const client = options.client;
    if (!client)
      return failPage(
        { res, locale },
        { status: 503, code: 'dashboard_not_configured', detail: 'Set DASHBOARD_CLIENT_ID and _SECRET.' },
      );
    const ops = new DashboardOperations(options.executor, client, req.requestId, req.ip);
    await handler({ req, res, locale, options, client, ops });
  };
}

function errorHandler(error: unknown, req: Request, res: Response, _next: NextFunction): void {
  // A database outage is a 503 page with Retry-After (reported once per outage), not a 500.
  const outage = outageProblem(error, req.requestId);
  if (outage) {
    if (!res.headersSent) failPage({ res, locale: negotiateLocale(req.headers['accept-language']) }, outage);
    return;
  }
  const status = (error as { status?: unknown }).status;
  const clientError = typeof status === 'number' && status >= 400 && status < 500;
  log(clientError ? 'info' : 'error', 'events page failed', { requestId: req.requestId, error, status });
  if (res.headersSent) return;
  const locale = negotiateLocale(req.headers['accept-language']);
  if (clientError)
    return failPage({ res, locale }, { status, code: 'bad_request', detail: 'The request could not be read.' });
  failPage({ res, locale }, { status: 500, code: 'internal_error', detail: `Quote this id: ${req.requestId}` });
}

/** The router to mount at `/dashboard`. */
export function createDashboardRouter(options: DashboardOptions): Router {
  const router = express.Router();
  const form = express.urlencoded({ extended: false, limit: '4kb', inflate: false });
  router.get('/', route(options, insightsRoute));
  router.get('/events', route(options, eventsRoute));
  router.get('/callback', route(options, callbackRoute));
  router.post('/token', route(options, tokenRoute));
  router.post('/sign-out', form, route(options, signOutRoute));
  router.get('/events.js', (_req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.status(200).type('text/javascript').send(EVENTS_CLIENT_SCRIPT);
  });
  router.use(errorHandler);
  return router;
}
