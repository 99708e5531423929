/**
 * The GraphQL operations of the events page, through the facade's executor: the token endpoint's
 * code exchange and refresh, and revocation, with the page's own first-party client.
 */
import type { GraphQLExecutor } from '../kernel/executor.js';
import { problemFromGraphQLError, type ProblemInput } from '../kernel/problem.js';

const REQUEST_TOKEN = `mutation DashboardRequestToken($input: TokenRequestInput!) {
  requestToken(input: $input) { accessToken refreshToken expiresIn }
}`;
const REVOKE = `mutation DashboardRevokeToken($input: TokenRevocationInput!) {
  revokeToken(input: $input) { revoked }
}`;

/** The events page's OAuth client (DASHBOARD_CLIENT_ID / _SECRET). */
export interface DashboardClient {
  readonly clientId: string;
  readonly clientSecret: string;
}

/** Tokens from the token endpoint. */
export interface DashboardTokens {
  readonly accessToken: string;
  readonly refreshToken: string;
  readonly expiresIn: number;
}

export type Outcome<T> = { ok: true; data: T } | { ok: false; problem: ProblemInput };

/** The operations of the page, for one request. */
export class DashboardOperations {
  constructor(
    private readonly executor: GraphQLExecutor,
    private readonly client: DashboardClient,
    private readonly requestId: string,
    private readonly clientIp: string | undefined,
  ) {}

  private async run<T>(document: string, field: string, input: Record<string, unknown>): Promise<Outcome<T>> {
    const operationName = /mutation (\w+)/.exec(document)?.[1] ?? '';
    const result = await this.executor.execute({
      document,
      operationName,
      variables: { input: { ...input, clientId: this.client.clientId, clientSecret: this.client.clientSecret } },
      authorization: undefined,
      requestId: this.requestId,
      clientIp: this.clientIp,
    });
    const error = result.errors?.[0];
    const data = result.data?.[field];
    if (!error && data !== undefined && data !== null) return { ok: true, data: data as T };
    return {
      ok: false,
      problem: error
        ? problemFromGraphQLError(error)
        : { status: 500, code: 'internal_error', detail: 'The operation returned no data.' },
    };
  }

  /** The authorization code (with its PKCE verifier) for tokens. */
  exchangeCode(input: { code: string; redirectUri: string; codeVerifier: string }): Promise<Outcome<DashboardTokens>> {
    return this.run(REQUEST_TOKEN, 'requestToken', { grantType: 'authorization_code', ...input });
  }

  /** A new access token (and the rotated refresh token) for the refresh token. */
  refresh(refreshToken: string): Promise<Outcome<DashboardTokens>> {
    return this.run(REQUEST_TOKEN, 'requestToken', { grantType: 'refresh_token', refreshToken });
  }

  /** Revokes the grant of a token (sign-out). */
  revoke(token: string, tokenTypeHint: 'access_token' | 'refresh_token'): Promise<Outcome<unknown>> {
    return this.run(REVOKE, 'revokeToken', { token, tokenTypeHint });
  }
}
