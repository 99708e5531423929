/**
 * The receipt pages in the OpenAPI document (browser pages, not table rows): what each answers, so
 * the QR codes' targets are described beside the JSON rows they mirror.
 */

const TAG = 'Terminal receipts and claims';
const REQUEST_ID = { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' } };
const HTML = { 'text/html': { schema: { type: 'string' } } };

const page = (description: string) => ({ description, headers: REQUEST_ID, content: HTML });
const limited = {
  description: 'Rate limited at the gateway (`rate_limited`): a page saying to try again in `Retry-After` seconds.',
  headers: { ...REQUEST_ID, 'Retry-After': { $ref: '#/components/headers/Retry-After' } },
  content: HTML,
};
const unavailable = {
  description:
    'The database is unavailable (`database_unavailable`): a page saying to try again in `Retry-After` seconds.',
  headers: { ...REQUEST_ID, 'Retry-After': { $ref: '#/components/headers/Retry-After' } },
  content: HTML,
};
const redirect = {
  description:
    'With a receipt-page client: to `/oauth/authorize` (authorization code, PKCE S256, scope `user.receipts.read`), ' +
    'setting the sealed pending-claim cookie (HttpOnly, SameSite=Lax, path /receipts, 15 minutes).',
  headers: { ...REQUEST_ID, Location: { schema: { type: 'string' } } },
};
const REQUEST_ID_PARAMETER = { $ref: '#/components/parameters/X-Request-Id' };
const FAILED = page('An unexpected failure; the page quotes the request id.');
const pathParam = (name: string, description: string) => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string' },
});
const TERMINAL = pathParam('publicTerminalId', 'Public id of the terminal (the terminal QR code).');
const TOKEN = pathParam('claimToken', 'The transaction-QR token (the QR code printed with the receipt).');
const PAGES =
  'Server-rendered, Japanese or English by `Accept-Language` (Japanese when neither matches), no script ' +
  '(strict Content-Security-Policy), `Cache-Control: no-store`.';

const claimPost = (operationId: string, parameter: Record<string, unknown>, gone: string) => ({
  post: {
    operationId,
    tags: [TAG],
    summary: 'The claim button (form post)',
    description:
      'A form post carrying the form token (`csrf_token`, double submission with a cookie) and, for a terminal, the ' +
      'claim token the page showed (`claim_token`). With a receipt-page client (RECEIPT_PAGE_CLIENT_ID) it starts the ' +
      'sign-in (303); without one it claims anonymously and answers the claimed page (201). ' +
      PAGES,
    parameters: [parameter, REQUEST_ID_PARAMETER],
    responses: {
      '201': page('Claimed anonymously (no receipt-page client): the receipt, shown as taken, in no account.'),
      '303': redirect,
      '403': page('The form token is missing or wrong (`csrf_failed`).'),
      '404': page(gone),
      '409': page('Already claimed.'),
      '429': limited,
      '500': FAILED,
      '503': unavailable,
    },
  },
});

/** Path items merged into the OpenAPI document next to the table's rows. */
export const RECEIPT_PAGE_PATHS: Readonly<Record<string, Record<string, unknown>>> = {
  '/receipts/terminal/{publicTerminalId}': {
    get: {
      operationId: 'terminalReceiptPage',
      tags: [TAG],
      summary: "The terminal QR code's page: the latest receipt and its claim button",
      description: `The receipt (store, time in Japan, items, subtotal, tax, total) of last-receipt. ${PAGES}`,
      parameters: [TERMINAL, REQUEST_ID_PARAMETER],
      responses: {
        '200': page('The receipt and the claim button.'),
        '404': page(
          'Unknown terminal, no receipt yet, over 10 minutes old, or already claimed: a page naming which (the reason code).',
        ),
        '429': limited,
        '500': FAILED,
        '503': unavailable,
      },
    },
  },
  '/receipts/terminal/{publicTerminalId}/claim': claimPost(
    'claimTerminalReceiptPage',
    TERMINAL,
    'The terminal or its receipt is no longer claimable.',
  ),
  '/receipts/rx/{claimToken}': {
    get: {
      operationId: 'transactionQrReceiptPage',
      tags: [TAG],
      summary: "The transaction-QR code's page: the receipt and its claim button",
      description: `The receipt of an active transaction-QR token. ${PAGES}`,
      parameters: [TOKEN, REQUEST_ID_PARAMETER],
      responses: {
        '200': page('The receipt and the claim button.'),
        '404': page('Unknown, expired, claimed or revoked token, or deleted transaction: a page naming which.'),
        '429': limited,
        '500': FAILED,
        '503': unavailable,
      },
    },
  },
  '/receipts/rx/{claimToken}/claim': claimPost(
    'claimTransactionQrPage',
    TOKEN,
    'Unknown, expired or revoked token, or deleted transaction.',
  ),
  '/receipts/callback': {
    get: {
      operationId: 'receiptPageCallback',
      tags: [TAG],
      summary: 'The return from sign-in: claim as the signed-in consumer',
      description:
        "Checks `state` against the pending-claim cookie, exchanges the code with the receipt-page client's credentials " +
        "and the PKCE verifier, claims with the user's token (the receipt goes into the user's receipts), revokes the " +
        `tokens and removes the cookie. ${PAGES}`,
      parameters: [
        ...['code', 'state', 'error', 'iss'].map((name) => ({
          name,
          in: 'query',
          required: false,
          schema: { type: 'string' },
        })),
        REQUEST_ID_PARAMETER,
      ],
      responses: {
        '200': page('Claimed: the receipt is in your receipts.'),
        '400': page(
          'No pending claim in this browser (`claim_session_missing`), or `state` does not match (`invalid_state`).',
        ),
        '401': page('The code exchange failed, or the terminal claim token expired while signing in.'),
        '403': page('The consumer cancelled the sign-in (`access_denied`).'),
        '404': page('The receipt is no longer claimable (the reason code is shown).'),
        '409': page('Already claimed (`receipt_already_claimed`, `token_already_claimed`).'),
        '429': limited,
        '500': FAILED,
        '503': unavailable,
      },
    },
  },
};
