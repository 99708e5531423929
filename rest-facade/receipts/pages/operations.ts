/**
 * The GraphQL operations the receipt pages run through the facade's executor (never the database):
 * the receipt of a terminal or a transaction-QR token, the claims, and the OAuth token exchange and
 * revocation of the receipt page's own first-party client.
 */
import type { GraphQLExecutor } from '../../kernel/executor.js';
import { problemFromGraphQLError, type ProblemInput } from '../../kernel/problem.js';

const RECEIPT_LINES = `id occurredAt currency totalAmount subtotalAmount taxAmount
  taxes { rateBasisPoints taxableAmount taxAmount }
  items { name unitPrice quantity }`;
/** With the store's name as printed on the receipt (the receipt's own copy, whoever asks). */
const RECEIPT = `${RECEIPT_LINES} storeName`;

const LAST_RECEIPT = `query ReceiptPageLastReceipt($publicTerminalId: String!) {
  lastReceipt(publicTerminalId: $publicTerminalId) { claimToken receipt { ${RECEIPT} } }
}`;
const TRANSACTION_QR_RECEIPT = `query ReceiptPageTransactionQrReceipt($claimToken: String!) {
  transactionQrReceipt(claimToken: $claimToken) { receipt { ${RECEIPT} } }
}`;
const CLAIM_TERMINAL = `mutation ReceiptPageClaimTerminalReceipt($publicTerminalId: String!, $claimToken: String) {
  claimTerminalReceipt(publicTerminalId: $publicTerminalId, claimToken: $claimToken, channel: web) {
    claimedByUser receipt { ${RECEIPT} }
  }
}`;
const CLAIM_TRANSACTION_QR = `mutation ReceiptPageClaimTransactionQr($claimToken: String!) {
  claimTransactionQr(claimToken: $claimToken, channel: web) { claimedByUser receipt { ${RECEIPT} } }
}`;
const EXCHANGE = `mutation ReceiptPageExchangeToken($input: TokenRequestInput!) {
  requestToken(input: $input) { accessToken refreshToken }
}`;
const REVOKE = `mutation ReceiptPageRevokeToken($input: TokenRevocationInput!) {
  revokeToken(input: $input) { revoked }
}`;

/** A receipt as the pages show it. */
export interface PageReceipt {
  readonly id: string;
  readonly occurredAt: string;
  readonly currency: string;
  readonly totalAmount: number;
  readonly subtotalAmount: number;
  readonly taxAmount: number;
  readonly taxes: readonly { rateBasisPoints: number; taxableAmount: number; taxAmount: number }[];
  readonly items: readonly { name: string; unitPrice: number; quantity: number }[];
  /** The store's name as printed on the receipt. */
  readonly storeName: string;
}

/** A claim as the pages show it. */
export interface PageClaim {
  readonly claimedByUser: boolean;
  readonly receipt: PageReceipt;
}

/** What an operation answered: its data, or the problem of its first error (with the gateway's rate-limit headers). */
export type Outcome<T> = { ok: true; data: T } | { ok: false; problem: ProblemInput };

/** The receipt page's OAuth client (RECEIPT_PAGE_CLIENT_ID / _SECRET). */
export interface ReceiptPageClient {
  readonly clientId: string;
  readonly clientSecret: string;
}

/** The operations of the pages, for one request. */
export class ReceiptPageOperations {
  constructor(
    private readonly executor: GraphQLExecutor,
    private readonly requestId: string,
    private readonly clientIp: string | undefined,
  ) {}

  private async run<T>(
    document: string,
    field: string,
    variables: Record<string, unknown>,
    accessToken?: string,
  ): Promise<Outcome<T>> {
    const operationName = /(?:query|mutation) (\w+)/.exec(document)?.[1] ?? '';
    const result = await this.executor.execute({
      document,
      operationName,
      variables,
      authorization: accessToken ? `Bearer ${accessToken}` : undefined,
      requestId: this.requestId,
      clientIp: this.clientIp,
    });
    const error = result.errors?.[0];
    const data = result.data?.[field];
    if (!error && data !== undefined && data !== null) return { ok: true, data: data as T };
    const problem = error
      ? problemFromGraphQLError(error)
      : { status: 500, code: 'internal_error', detail: 'The operation returned no data.' };
    // The gateway's RateLimit headers go with a 429 page as they go with a 429 problem.
    const headers = { ...result.headers, ...problem.headers };
    return { ok: false, problem: { ...problem, headers } };
  }

  lastReceipt(publicTerminalId: string): Promise<Outcome<{ claimToken: string; receipt: PageReceipt }>> {
    return this.run(LAST_RECEIPT, 'lastReceipt', { publicTerminalId });
  }

  transactionQrReceipt(claimToken: string): Promise<Outcome<{ receipt: PageReceipt }>> {
    return this.run(TRANSACTION_QR_RECEIPT, 'transactionQrReceipt', { claimToken });
  }

  /** Claims a terminal's receipt; with `accessToken` it is attached to that user. */
  claimTerminal(publicTerminalId: string, claimToken: string, accessToken?: string): Promise<Outcome<PageClaim>> {
    return this.run(CLAIM_TERMINAL, 'claimTerminalReceipt', { publicTerminalId, claimToken }, accessToken);
  }

  /** Claims a transaction-QR token's receipt; with `accessToken` it is attached to that user. */
  claimTransactionQr(claimToken: string, accessToken?: string): Promise<Outcome<PageClaim>> {
    return this.run(CLAIM_TRANSACTION_QR, 'claimTransactionQr', { claimToken }, accessToken);
  }

  /** The token endpoint's operation: the authorization code (with its PKCE verifier) for tokens. */
  exchangeCode(
    client: ReceiptPageClient,
    input: { code: string; redirectUri: string; codeVerifier: string },
  ): Promise<Outcome<{ accessToken: string; refreshToken: string | null }>> {
    return this.run(EXCHANGE, 'requestToken', {
      input: { grantType: 'authorization_code', ...client, ...input },
    });
  }

  /** Revokes a token the page no longer needs. */
  revoke(
    client: ReceiptPageClient,
    token: string,
    tokenTypeHint: 'access_token' | 'refresh_token',
  ): Promise<Outcome<unknown>> {
    return this.run(REVOKE, 'revokeToken', { input: { token, tokenTypeHint, ...client } });
  }
}
