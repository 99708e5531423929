/**
 * Test fixtures for the authorization pages: a cookie-keeping fetch (redirects by hand), form
 * scraping, and operator helpers that register apps, users and business accounts.
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { TEST_OPERATOR_TOKEN, type TestService } from '../../../test/harness.js';
import { latestMailTo, tokenIn } from '../../../test/mail.js';

export const PASSWORD = 'correct horse battery staple 42';

/** A browser stand-in: keeps cookies, never follows redirects. */
export class CookieClient {
  readonly cookies = new Map<string, string>();

  constructor(private readonly base: string) {}

  async request(path: string, init: RequestInit = {}): Promise<Response> {
    const url = path.startsWith('http') ? path : `${this.base}${path}`;
    const headers = new Headers(init.headers);
    if (!headers.has('accept')) headers.set('accept', 'text/html');
    if (this.cookies.size > 0) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (/Max-Age=0/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  post(path: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
    return this.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(form).toString(),
    });
  }
}

const decode = (s: string): string =>
  s
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

/** The `action` of the first form posting to `path`, and its hidden fields. */
export function formOf(html: string, path: string): { action: string; fields: Record<string, string> } {
  const forms = [...html.matchAll(/<form\s+method="post"\s+action="([^"]*)"\s*>([\s\S]*?)<\/form>/g)];
  const form = forms.find((f) => decode(f[1] ?? '').startsWith(path));
  if (!form) throw new Error(`no form to ${path} in: ${html}`);
  const fields: Record<string, string> = {};
  for (const input of (form[2] ?? '').matchAll(/<input\s+type="hidden"\s+name="([^"]+)"\s+value="([^"]*)"\s*\/?>/g)) {
    fields[input[1] ?? ''] = decode(input[2] ?? '');
  }
  return { action: decode(form[1] ?? ''), fields };
}

async function operator<T>(service: TestService, query: string, variables: Record<string, unknown>): Promise<T> {
  const result = await service.graphql<T>(query, variables, TEST_OPERATOR_TOKEN);
  expect(result.errors).toBeUndefined();
  return result.data!;
}

/** A registered app. */
export interface RegisteredApp {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly redirectUri: string;
}

/** Registers an app (operator). */
export async function registerApp(
  service: TestService,
  options: { scopes: string[]; firstParty?: boolean; redirectUri?: string; name?: string },
): Promise<RegisteredApp> {
  const redirectUri = options.redirectUri ?? 'https://app.example.test/callback';
  const data = await operator<{ registerOAuthApp: { app: { clientId: string }; clientSecret: string } }>(
    service,
    `mutation($input: RegisterOAuthAppInput!) { registerOAuthApp(input: $input) { app { clientId } clientSecret } }`,
    {
      input: {
        name: options.name ?? 'Green Tea <Partner> & Co',
        redirectUris: [redirectUri],
        scopes: options.scopes,
        firstParty: options.firstParty ?? false,
      },
    },
  );
  return {
    clientId: data.registerOAuthApp.app.clientId,
    clientSecret: data.registerOAuthApp.clientSecret,
    redirectUri,
  };
}

/** Approves an app's user scopes (operator). */
export async function approveApp(service: TestService, clientId: string): Promise<void> {
  await operator(service, `mutation($id: String!) { approveOAuthApp(clientId: $id) { clientId } }`, { id: clientId });
}

/** A new registered user; returns the email. */
export async function createUser(service: TestService): Promise<string> {
  const email = `u${randomBytes(6).toString('hex')}@example.test`;
  await operator(service, `mutation($input: CreateUserInput!) { createUser(input: $input) { id } }`, {
    input: { email, password: PASSWORD },
  });
  return email;
}

/**
 * A business account whose owner invitation goes to `ownerEmail`; returns its id. With `bind` (the
 * default) the owner (a user made by {@link createUser}) accepts the mailed invitation, as a person
 * would: sign in, open the link's token, accept.
 */
export async function createBusiness(
  service: TestService,
  ownerEmail: string,
  name: string,
  bind = true,
): Promise<string> {
  const data = await operator<{ createBusinessAccount: { id: string } }>(
    service,
    `mutation($input: CreateBusinessAccountInput!) { createBusinessAccount(input: $input) { id } }`,
    { input: { name, ownerEmail } },
  );
  if (bind) await acceptLatestInvitation(service, ownerEmail);
  return data.createBusinessAccount.id;
}

/** Signs `email` (password {@link PASSWORD}) in and accepts the newest invitation mailed to it. */
export async function acceptLatestInvitation(service: TestService, email: string): Promise<void> {
  const token = tokenIn((await latestMailTo(service, email)).body, '/oauth/owner-invitation');
  const signIn = await service.graphql<{ signInBrowser: { sessionToken: string } }>(
    `mutation($input: BrowserSignInInput!) { signInBrowser(input: $input) { sessionToken } }`,
    { input: { email, password: PASSWORD } },
  );
  expect(signIn.errors).toBeUndefined();
  const accepted = await service.graphql(
    `mutation($input: AcceptOwnerInvitationInput!) { acceptOwnerInvitation(input: $input) { businessAccountId } }`,
    { input: { token, sessionToken: signIn.data!.signInBrowser.sessionToken } },
  );
  expect(accepted.errors).toBeUndefined();
}

/** The query string of an authorization request. */
export function authorizeQuery(app: RegisteredApp, params: Record<string, string> = {}): string {
  return new URLSearchParams({
    client_id: app.clientId,
    redirect_uri: app.redirectUri,
    response_type: 'code',
    state: 'st-123',
    ...params,
  }).toString();
}

/**
 * Walks GET /oauth/authorize -> sign-in -> consent; returns the consent page response (or the
 * redirect a first-party app gets straight away).
 */
export async function signInThrough(client: CookieClient, query: string, email: string): Promise<Response> {
  const first = await client.request(`/oauth/authorize?${query}`);
  expect(first.status).toBe(302);
  const signInUrl = first.headers.get('location')!;
  const carried = signInUrl.slice('/oauth/sign-in?'.length);
  expect(Object.fromEntries(new URLSearchParams(carried))).toEqual(Object.fromEntries(new URLSearchParams(query)));
  const page = await client.request(signInUrl);
  expect(page.status).toBe(200);
  const form = formOf(await page.text(), '/oauth/sign-in');
  const posted = await client.post(form.action, { ...form.fields, email, password: PASSWORD });
  expect(posted.status).toBe(303);
  expect(posted.headers.get('location')).toBe(`/oauth/authorize?${carried}`);
  return client.request(posted.headers.get('location')!);
}
