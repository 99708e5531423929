/**
 * Rows of terminal receipts and transaction-QR tokens (interface: Terminal receipts and claims). All
 * are public: a consumer reads and claims without signing in; a user bearer token, when sent, attaches
 * the claimed receipt to that user. Rate limits (429) are enforced at the gateway for GraphQL callers
 * and these rows alike.
 */
import { VALIDATION_FAILED_DETAIL } from '../../subgraphs/kernel/errors.js';
import { checkedBody } from '../kernel/request-body.js';
import { RequestRejected, type Route, type RouteInput } from '../kernel/route.js';
import { ref } from '../kernel/schemas.js';
import * as receipts from './operations.js';
import { CHANNELS, RECEIPT_SCHEMAS } from './schemas.js';

const TAG = 'Terminal receipts and claims';
const CLAIM_TOKEN_HEADER = 'X-Claim-Token';
const RATE_LIMITED =
  'Too many requests from this client for this path (`rate_limited`); retry after `Retry-After` seconds.';
const BAD_BEARER =
  'A bearer token was sent and is invalid, expired or revoked (`invalid_token`, `WWW-Authenticate: Bearer error="invalid_token"`): send a valid user token, or none to claim anonymously.';

const terminalParam = {
  publicTerminalId: {
    type: 'string',
    description: 'Public id of the terminal (6 to 16 characters).',
    example: 'SAKURA0001',
  },
} as const;
const tokenParam = {
  claimToken: { type: 'string', description: 'The transaction-QR token (from the QR code printed with the receipt).' },
} as const;

type GraphQLTransaction = Record<string, unknown> & {
  id: string;
  terminal: { publicTerminalId: string };
  store: { id: string };
};

/** The REST `Receipt` of a GraphQL Transaction. */
function receiptOf(transaction: GraphQLTransaction): Record<string, unknown> {
  const { id, terminal, store, ...rest } = transaction;
  return { transactionId: id, publicTerminalId: terminal.publicTerminalId, storeId: store.id, ...rest };
}

/** The REST claim of a GraphQL ReceiptClaim. */
function claimOf(claim: Record<string, unknown>): Record<string, unknown> {
  const { id, receipt, ...rest } = claim as { id: string; receipt: GraphQLTransaction };
  return { claimId: id, ...rest, receipt: receiptOf(receipt) };
}

/** The optional body (absent or null is `{}`), shape-checked, with its channel checked against the list. */
function claimBody(input: RouteInput, schema: string): Record<string, unknown> {
  const body =
    input.body === undefined || input.body === null ? {} : checkedBody(input.body, RECEIPT_SCHEMAS[schema] ?? {});
  const channel = body.channel ?? null;
  if (channel !== null && !(CHANNELS as readonly unknown[]).includes(channel)) {
    const errors = [{ path: 'channel', message: `must be one of ${CHANNELS.join(', ')}` }];
    throw new RequestRejected('validation_failed', VALIDATION_FAILED_DETAIL, 400, errors);
  }
  return { ...body, channel };
}

const optionalBody = (name: string) => ({
  required: false,
  schema: { anyOf: [ref(name), { type: 'null' }], description: 'Optional; absent or null is the same as `{}`.' },
});

export const receiptRoutes: readonly Route[] = [
  {
    method: 'GET',
    path: '/api/v1/terminals/:publicTerminalId/last-receipt',
    operation: receipts.LastReceipt,
    tag: TAG,
    summary: "A terminal's latest receipt and its claim token",
    description:
      'The latest transaction of the terminal while it is claimable (within 10 minutes of the sale, and not yet claimed ' +
      'unless the terminal allows several claims), with a signed claim token bound to the terminal and the transaction. ' +
      'Answers `Cache-Control: no-store`: the token must not be cached.',
    pathParams: terminalParam,
    result: (data) => {
      const { terminal, receipt, ...rest } = data.lastReceipt as {
        terminal: { publicTerminalId: string; allowMultipleClaims: boolean };
        receipt: GraphQLTransaction;
      };
      return { ...terminal, ...rest, receipt: receiptOf(receipt) };
    },
    status: 200,
    responseSchema: ref('LastReceiptResponse'),
    responseHeaders: { 'Cache-Control': 'no-store' },
    errors: {
      404:
        'Unknown terminal (`terminal_not_found`, also for an id that is not 6 to 16 characters), no transaction yet (`no_transaction`), ' +
        'the latest transaction is over 10 minutes old (`receipt_expired`), or it was claimed and the terminal allows one claim (`receipt_claimed`).',
      429: RATE_LIMITED,
    },
  },
  {
    method: 'POST',
    path: '/api/v1/terminals/:publicTerminalId/claim',
    operation: receipts.ClaimTerminalReceipt,
    tag: TAG,
    summary: "Claim a terminal's receipt",
    description:
      'Claims the receipt the claim token (from last-receipt) names. The token comes in the body field `claimToken` or the ' +
      '`X-Claim-Token` header (the body field wins). With a user bearer token the receipt is attached to that user; without ' +
      'one the claim is anonymous and answers the receipt. Every claim writes an audit row (who, channel, when, which token, ' +
      'client IP). Concurrent claims are decided by the database: of N claims of a transaction exactly one succeeds, unless ' +
      'the terminal allows several claims (then each succeeds, but one user still claims a transaction once).',
    pathParams: terminalParam,
    headerParams: {
      [CLAIM_TOKEN_HEADER]: {
        description: 'The claim token from last-receipt, when not sent in the body.',
        maxLength: 4096,
      },
    },
    requestBody: optionalBody('ClaimRequest'),
    variables: (input) => {
      const body = claimBody(input, 'ClaimRequest');
      const claimToken = body.claimToken ?? input.headers?.[CLAIM_TOKEN_HEADER] ?? null;
      return { publicTerminalId: input.path.publicTerminalId, claimToken, channel: body.channel };
    },
    result: (data) => claimOf(data.claimTerminalReceipt as Record<string, unknown>),
    status: 201,
    responseSchema: ref('ClaimResponse'),
    errors: {
      400: 'The body is not a JSON object or null, a field has the wrong type, or `channel` is not one of line, ios, android, email, web (`validation_failed`).',
      401:
        'The claim token is missing, malformed, forged, expired (10 minutes after the sale) or issued for another terminal ' +
        '(`invalid_claim_token`), answered with `WWW-Authenticate: ClaimToken realm="receipts", error="invalid_claim_token"` ' +
        "(the claim token's own scheme: a valid bearer token is never blamed). " +
        BAD_BEARER,
      404: 'Unknown terminal (`terminal_not_found`), or the transaction of the token no longer exists (`receipt_not_claimable`).',
      409:
        'The receipt was already claimed (`receipt_already_claimed`): by anyone when the terminal allows one claim, by this user otherwise. ' +
        'The detail tells the user who holds it that it is already in their receipts.',
      429: RATE_LIMITED,
    },
  },
  {
    method: 'GET',
    path: '/api/v1/rx/:claimToken',
    operation: receipts.TransactionQrReceipt,
    tag: TAG,
    summary: 'The receipt of a transaction-QR token',
    pathParams: tokenParam,
    result: (data) => {
      const { receipt, expiresAt } = data.transactionQrReceipt as { receipt: GraphQLTransaction; expiresAt: string };
      return { expiresAt, receipt: receiptOf(receipt) };
    },
    status: 200,
    responseSchema: ref('TransactionQrReceiptResponse'),
    responseHeaders: { 'Cache-Control': 'no-store' },
    errors: {
      404:
        'Unknown token (`unknown_token`), expired (`token_expired`), already claimed (`token_claimed`), revoked (`token_revoked`), ' +
        'or its transaction was deleted (`transaction_deleted`).',
      429: RATE_LIMITED,
    },
  },
  {
    method: 'POST',
    path: '/api/v1/rx/:claimToken/claim',
    operation: receipts.ClaimTransactionQr,
    tag: TAG,
    summary: 'Claim the receipt of a transaction-QR token (single use)',
    description:
      'Uses the token up and answers the receipt. With a user bearer token the receipt is attached to that user; without one ' +
      'the claim is anonymous. Writes an audit row. Of concurrent claims of one token exactly one succeeds; the others are 409.',
    pathParams: tokenParam,
    requestBody: optionalBody('TransactionQrClaimRequest'),
    variables: (input) => ({
      claimToken: input.path.claimToken,
      channel: claimBody(input, 'TransactionQrClaimRequest').channel,
    }),
    result: (data) => claimOf(data.claimTransactionQr as Record<string, unknown>),
    status: 201,
    responseSchema: ref('TransactionQrClaimResponse'),
    errors: {
      400: 'The body is not a JSON object or null, or `channel` is not one of line, ios, android, email, web (`validation_failed`).',
      401: BAD_BEARER,
      404: 'Unknown token (`unknown_token`), expired (`token_expired`), revoked (`token_revoked`), or its transaction was deleted (`transaction_deleted`).',
      409: 'The token was already used (`token_already_claimed`; the second use of a single-use token), or this user already holds the receipt (`receipt_already_claimed`).',
      429: RATE_LIMITED,
    },
  },
];
