/**
 * The GraphQL operations the authorization pages run (identity subgraph, through the gateway), and
 * the parsing of the authorization request's query parameters. No protocol decision is made here.
 */
import type { Request } from 'express';
import type { GraphQLExecutor } from '../../kernel/executor.js';
import { problemFromGraphQLError, type ProblemInput } from '../../kernel/problem.js';

const PROMPT = `query AuthorizationPrompt($request: AuthorizationRequestInput!, $sessionToken: String) {
  authorizationPrompt(request: $request, sessionToken: $sessionToken) {
    clientId clientName firstParty audience redirectUri signedIn userEmail userDisplayName csrfToken skipConsent
    scopes { scope ja en }
    businessAccounts { id name }
  }
}`;
const SIGN_IN = `mutation SignInBrowser($input: BrowserSignInInput!) {
  signInBrowser(input: $input) { sessionToken csrfToken expiresAt }
}`;
const SIGN_UP = `mutation SignUpBrowser($input: BrowserSignUpInput!) {
  signUpBrowser(input: $input) { verificationRequired }
}`;
const VERIFY_EMAIL = `mutation VerifyEmail($token: String!) {
  verifyEmail(token: $token) { email returnQuery }
}`;
const RESEND_VERIFICATION = `mutation ResendEmailVerification($input: ResendEmailVerificationInput!) {
  resendEmailVerification(input: $input)
}`;
const ACCEPT_INVITATION = `mutation AcceptOwnerInvitation($input: AcceptOwnerInvitationInput!) {
  acceptOwnerInvitation(input: $input) { businessAccountId businessName kind }
}`;
const SIGN_OUT = `mutation SignOutBrowser($sessionToken: String, $csrfToken: String) {
  signOutBrowser(sessionToken: $sessionToken, csrfToken: $csrfToken)
}`;
const COMPLETE = `mutation CompleteAuthorization($input: CompleteAuthorizationInput!) {
  completeAuthorization(input: $input) { redirectUrl }
}`;

/** The query parameters of /oauth/authorize, by their GraphQL names. */
const PARAMETERS = {
  client_id: 'clientId',
  redirect_uri: 'redirectUri',
  response_type: 'responseType',
  scope: 'scope',
  state: 'state',
  code_challenge: 'codeChallenge',
  code_challenge_method: 'codeChallengeMethod',
  org_id: 'orgId',
} as const;

/** The authorization request as read from a query string. */
export interface AuthorizationQuery {
  readonly request: Record<string, string>;
  /** The known parameters re-encoded: what the pages carry from step to step. */
  readonly query: string;
  /** Parameters sent more than once (RFC 6749 §3.1: invalid_request). */
  readonly repeated: readonly string[];
}

/** Reads the authorization parameters of `req`'s query string. */
export function readAuthorizationQuery(req: Request): AuthorizationQuery {
  const search = new URLSearchParams(req.originalUrl.split('?')[1] ?? '');
  const request: Record<string, string> = {};
  const carried = new URLSearchParams();
  const repeated: string[] = [];
  for (const [name, field] of Object.entries(PARAMETERS)) {
    const values = search.getAll(name);
    if (values.length > 1) repeated.push(name);
    const [value] = values;
    if (value === undefined) continue;
    request[field] = value;
    carried.append(name, value);
  }
  return { request, query: carried.toString(), repeated };
}

/** The prompt of a valid request. */
export interface Prompt {
  readonly clientId: string;
  readonly clientName: string;
  readonly firstParty: boolean;
  readonly audience: string;
  readonly redirectUri: string;
  readonly signedIn: boolean;
  readonly userEmail: string | null;
  readonly userDisplayName: string | null;
  readonly csrfToken: string | null;
  readonly skipConsent: boolean;
  readonly scopes: { scope: string; ja: string; en: string }[];
  readonly businessAccounts: { id: string; name: string }[];
}

/** A new browser session. */
export interface SessionGrant {
  readonly sessionToken: string;
  readonly csrfToken: string;
  readonly expiresAt: string;
}

/** An operation's data, or the problem its first error maps to. */
export type Outcome<T> = { ok: true; data: T } | { ok: false; problem: ProblemInput };

/** The operations of the pages, for one request. */
export class AuthorizationOperations {
  constructor(
    private readonly executor: GraphQLExecutor,
    private readonly requestId: string,
    private readonly clientIp: string | undefined,
  ) {}

  private async run<T>(
    document: string,
    name: string,
    field: string,
    variables: Record<string, unknown>,
  ): Promise<Outcome<T>> {
    const result = await this.executor.execute({
      document,
      operationName: name,
      variables,
      authorization: undefined,
      requestId: this.requestId,
      clientIp: this.clientIp,
    });
    const error = result.errors?.[0];
    const data = result.data?.[field];
    if (error || data === undefined || data === null) {
      const problem = error
        ? problemFromGraphQLError(error)
        : { status: 500, code: 'internal_error', detail: 'The operation returned no data.' };
      return { ok: false, problem };
    }
    return { ok: true, data: data as T };
  }

  prompt(request: Record<string, string>, sessionToken: string | undefined): Promise<Outcome<Prompt>> {
    return this.run(PROMPT, 'AuthorizationPrompt', 'authorizationPrompt', {
      request,
      sessionToken: sessionToken ?? null,
    });
  }

  signIn(email: string, password: string): Promise<Outcome<SessionGrant>> {
    return this.run(SIGN_IN, 'SignInBrowser', 'signInBrowser', {
      input: { email, password },
    });
  }

  signUp(input: {
    email: string;
    password: string;
    locale: string;
    returnQuery: string;
  }): Promise<Outcome<{ verificationRequired: boolean }>> {
    return this.run(SIGN_UP, 'SignUpBrowser', 'signUpBrowser', { input });
  }

  verifyEmail(token: string): Promise<Outcome<{ email: string; returnQuery: string }>> {
    return this.run(VERIFY_EMAIL, 'VerifyEmail', 'verifyEmail', { token });
  }

  resendVerification(input: { email: string; locale: string; returnQuery: string }): Promise<Outcome<boolean>> {
    return this.run(RESEND_VERIFICATION, 'ResendEmailVerification', 'resendEmailVerification', { input });
  }

  acceptInvitation(input: {
    token: string;
    sessionToken: string | null;
  }): Promise<Outcome<{ businessAccountId: string; businessName: string; kind: 'OWNER' | 'STAFF' }>> {
    return this.run(ACCEPT_INVITATION, 'AcceptOwnerInvitation', 'acceptOwnerInvitation', { input });
  }

  signOut(sessionToken: string | undefined, csrfToken: string | undefined): Promise<Outcome<boolean>> {
    return this.run(SIGN_OUT, 'SignOutBrowser', 'signOutBrowser', {
      sessionToken: sessionToken ?? null,
      csrfToken: csrfToken ?? null,
    });
  }

  complete(input: {
    request: Record<string, string>;
    sessionToken: string | undefined;
    csrfToken: string | undefined | null;
    decision: 'APPROVE' | 'DENY';
    businessAccountId: string | undefined;
  }): Promise<Outcome<{ redirectUrl: string }>> {
    return this.run(COMPLETE, 'CompleteAuthorization', 'completeAuthorization', {
      input: {
        request: input.request,
        sessionToken: input.sessionToken ?? null,
        csrfToken: input.csrfToken ?? null,
        decision: input.decision,
        businessAccountId: input.businessAccountId ?? null,
      },
    });
  }
}
