/**
 * The pages the receipt QR codes open, as an express router the facade mounts at `/receipts`:
 * `GET /terminal/:publicTerminalId` (a terminal's latest receipt), `GET /rx/:claimToken` (the receipt of
 * a transaction-QR token), their claim buttons (`POST .../claim`) and the sign-in's return
 * (`GET /callback`). Server-rendered, Japanese or English by `Accept-Language`, no script.
 */
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { log } from '../../../subgraphs/kernel/logger.js';
import type { GraphQLExecutor } from '../../kernel/executor.js';
import { outageProblem } from '../../kernel/http.js';
import type { ProblemInput } from '../../kernel/problem.js';
import { completeClaim, startClaim } from './claim.handler.js';
import { isReceiptFormTokenValid, receiptFormToken } from './cookies.js';
import { setReceiptPageHeaders } from './layout.js';
import { negotiateLocale, type Locale } from './messages.js';
import { ReceiptPageOperations, type PageReceipt, type ReceiptPageClient } from './operations.js';
import { receiptPage, statePage } from './views.js';

/** Options of {@link createReceiptPagesRouter}. */
export interface ReceiptPagesOptions {
  readonly executor: GraphQLExecutor;
  /** The service's public base URL: the sign-in returns to `{publicUrl}/receipts/callback`. */
  readonly publicUrl: string;
  /** Mark cookies `Secure` (everywhere but development and test). */
  readonly secureCookies: boolean;
  /** 32 bytes that seal the pending-claim cookie; every facade instance needs the same. */
  readonly cookieKey: Buffer;
  /**
   * The first-party OAuth client the claim button signs the consumer in with (scope
   * user.receipts.read). Absent: the button claims anonymously and shows the receipt as taken.
   */
  readonly client: ReceiptPageClient | undefined;
}

/** What every handler gets. */
export interface ReceiptPageContext {
  readonly req: Request;
  readonly res: Response;
  readonly ops: ReceiptPageOperations;
  readonly locale: Locale;
  readonly options: ReceiptPagesOptions;
}

/** Answers a failure as a page with the problem's status (and its Retry-After and RateLimit headers). */
export function failPage(c: Pick<ReceiptPageContext, 'res' | 'locale'>, problem: ProblemInput): void {
  setReceiptPageHeaders(c.res);
  for (const [name, value] of Object.entries(problem.headers ?? {})) {
    if (name !== 'WWW-Authenticate') c.res.setHeader(name, value);
  }
  const retryAfter = problem.status === 429 ? (problem.headers?.['Retry-After'] ?? '60') : undefined;
  c.res
    .status(problem.status)
    .type('html')
    .send(statePage(c.locale, problem.code, problem.detail, retryAfter));
}

/** The posted form field `name`, when it is text. */
export function formField(req: Request, name: string): string | undefined {
  const value = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
}

function showReceipt(c: ReceiptPageContext, receipt: PageReceipt, action: string, claimToken: string | null): void {
  const csrfToken = receiptFormToken(c.req, c.res, c.options.secureCookies);
  setReceiptPageHeaders(c.res);
  c.res
    .status(200)
    .type('html')
    .send(receiptPage(c.locale, receipt, { action, csrfToken, claimToken, signIn: c.options.client !== undefined }));
}

async function terminalPage(c: ReceiptPageContext): Promise<void> {
  const id = String(c.req.params.publicTerminalId);
  const found = await c.ops.lastReceipt(id);
  if (!found.ok) return failPage(c, found.problem);
  showReceipt(c, found.data.receipt, `/receipts/terminal/${encodeURIComponent(id)}/claim`, found.data.claimToken);
}

async function transactionQrPage(c: ReceiptPageContext): Promise<void> {
  const token = String(c.req.params.claimToken);
  const found = await c.ops.transactionQrReceipt(token);
  if (!found.ok) return failPage(c, found.problem);
  showReceipt(c, found.data.receipt, `/receipts/rx/${encodeURIComponent(token)}/claim`, null);
}

type Handler = (c: ReceiptPageContext) => Promise<void>;

function page(options: ReceiptPagesOptions, handler: Handler) {
  return async (req: Request, res: Response): Promise<void> => {
    const locale = negotiateLocale(req.headers['accept-language']);
    res.setHeader('Content-Language', locale);
    res.setHeader('Vary', 'Accept-Language, Cookie');
    const ops = new ReceiptPageOperations(options.executor, req.requestId, req.ip);
    await handler({ req, res, ops, locale, options });
  };
}

/** The claim forms: a posted form token that is not this browser's answers 403 before anything runs. */
function formGuard(handler: Handler): Handler {
  return async (c) => {
    if (!isReceiptFormTokenValid(c.req, formField(c.req, 'csrf_token'))) {
      receiptFormToken(c.req, c.res, c.options.secureCookies);
      return failPage(c, { status: 403, code: 'csrf_failed', detail: 'The form token is missing or wrong.' });
    }
    await handler(c);
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
  // A request the page cannot read (a malformed form, a path of broken percent-encoding) is the caller's.
  log(clientError ? 'info' : 'error', 'receipt page failed', { requestId: req.requestId, error, status });
  if (res.headersSent) return;
  const locale = negotiateLocale(req.headers['accept-language']);
  if (clientError) {
    failPage({ res, locale }, { status: status, code: 'bad_request', detail: 'The request could not be read.' });
    return;
  }
  failPage({ res, locale }, { status: 500, code: 'internal_error', detail: `Quote this id: ${req.requestId}` });
}

/** The router to mount at `/receipts`. */
export function createReceiptPagesRouter(options: ReceiptPagesOptions): Router {
  const router = express.Router();
  const form = express.urlencoded({ extended: false, limit: '16kb', inflate: false });
  router.get('/terminal/:publicTerminalId', page(options, terminalPage));
  router.post(
    '/terminal/:publicTerminalId/claim',
    form,
    page(
      options,
      formGuard((c) => startClaim(c, 'terminal')),
    ),
  );
  router.get('/rx/:claimToken', page(options, transactionQrPage));
  router.post(
    '/rx/:claimToken/claim',
    form,
    page(
      options,
      formGuard((c) => startClaim(c, 'rx')),
    ),
  );
  router.get('/callback', page(options, completeClaim));
  router.use(errorHandler);
  return router;
}
