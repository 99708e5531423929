/**
 * The claim button and the sign-in's return. With a receipt-page client the button starts an
 * authorization-code flow with PKCE S256 against this service's own /oauth/authorize (scope
 * user.receipts.read), keeping the pending claim in a sealed cookie; the callback checks `state`,
 * exchanges the code server-side, claims with the user's token and revokes the tokens. Without a
 * client the button claims anonymously.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { log } from '../../../subgraphs/kernel/logger.js';
import {
  clearPendingClaim,
  PENDING_CLAIM_SECONDS,
  readPendingClaim,
  setPendingClaim,
  type PendingClaim,
} from './cookies.js';
import { setReceiptPageHeaders } from './layout.js';
import type { Outcome, PageClaim, ReceiptPageClient } from './operations.js';
import { failPage, formField, type ReceiptPageContext } from './router.js';
import { claimedPage } from './views.js';

const SCOPE = 'user.receipts.read';

const callbackUri = (c: ReceiptPageContext): string => `${c.options.publicUrl.replace(/\/+$/, '')}/receipts/callback`;

function claimFor(
  c: ReceiptPageContext,
  claim: Pick<PendingClaim, 'kind' | 'id' | 'claimToken'>,
  accessToken?: string,
) {
  return claim.kind === 'terminal'
    ? c.ops.claimTerminal(claim.id, claim.claimToken ?? '', accessToken)
    : c.ops.claimTransactionQr(claim.id, accessToken);
}

function showClaimed(c: ReceiptPageContext, status: 200 | 201, claimed: Outcome<PageClaim>): void {
  if (!claimed.ok) return failPage(c, claimed.problem);
  setReceiptPageHeaders(c.res);
  c.res
    .status(status)
    .type('html')
    .send(claimedPage(c.locale, claimed.data.receipt, claimed.data.claimedByUser));
}

/** POST .../claim: to the sign-in with a pending claim, or (no client) an anonymous claim. */
export async function startClaim(c: ReceiptPageContext, kind: PendingClaim['kind']): Promise<void> {
  const id = String(kind === 'terminal' ? c.req.params.publicTerminalId : c.req.params.claimToken);
  const claimToken = kind === 'terminal' ? (formField(c.req, 'claim_token') ?? '') : null;
  const client = c.options.client;
  if (!client) return showClaimed(c, 201, await claimFor(c, { kind, id, claimToken }));
  const codeVerifier = randomBytes(32).toString('base64url');
  const state = randomBytes(16).toString('base64url');
  const expiresAt = Date.now() + PENDING_CLAIM_SECONDS * 1000;
  setPendingClaim(
    c.res,
    c.options.cookieKey,
    { kind, id, claimToken, codeVerifier, state, expiresAt },
    c.options.secureCookies,
  );
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: callbackUri(c),
    scope: SCOPE,
    state,
    code_challenge: createHash('sha256').update(codeVerifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  setReceiptPageHeaders(c.res);
  c.res.redirect(303, `/oauth/authorize?${query.toString()}`);
}

function sameState(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The tokens were only for this one claim: revoke them (a failure is logged, the claim stands). */
async function revokeTokens(
  c: ReceiptPageContext,
  client: ReceiptPageClient,
  tokens: { accessToken: string; refreshToken: string | null },
) {
  const revoked = await Promise.all([
    c.ops.revoke(client, tokens.accessToken, 'access_token'),
    tokens.refreshToken ? c.ops.revoke(client, tokens.refreshToken, 'refresh_token') : undefined,
  ]);
  for (const outcome of revoked) {
    if (outcome && !outcome.ok)
      log('warn', 'receipt page could not revoke a token', { requestId: c.req.requestId, code: outcome.problem.code });
  }
}

/** GET /receipts/callback: check state, exchange the code, claim as the user, revoke, show the outcome. */
export async function completeClaim(c: ReceiptPageContext): Promise<void> {
  const pending = readPendingClaim(c.req, c.options.cookieKey);
  clearPendingClaim(c.res, c.options.secureCookies);
  const query = c.req.query as Record<string, unknown>;
  const text = (name: string) => (typeof query[name] === 'string' ? query[name] : undefined);
  const client = c.options.client;
  if (!pending || !client) {
    return failPage(c, { status: 400, code: 'claim_session_missing', detail: 'No claim is waiting in this browser.' });
  }
  if (!sameState(text('state') ?? '', pending.state)) {
    return failPage(c, { status: 400, code: 'invalid_state', detail: 'The state does not match this browser.' });
  }
  const error = text('error');
  if (error === 'access_denied') {
    return failPage(c, { status: 403, code: 'access_denied', detail: 'The sign-in was cancelled.' });
  }
  const code = text('code');
  if (error || !code) {
    return failPage(c, {
      status: 400,
      code: error ?? 'invalid_request',
      detail: text('error_description') ?? 'No code.',
    });
  }
  const tokens = await c.ops.exchangeCode(client, {
    code,
    redirectUri: callbackUri(c),
    codeVerifier: pending.codeVerifier,
  });
  if (!tokens.ok) return failPage(c, tokens.problem);
  const claimed = await claimFor(c, pending, tokens.data.accessToken);
  await revokeTokens(c, client, tokens.data);
  showClaimed(c, 200, claimed);
}
