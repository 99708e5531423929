/**
 * The authorization-code flow with PKCE as a browser walks it, over HTTP against a running service:
 * `GET /oauth/authorize`, the sign-in form (its hidden `csrf_token` and the `rmp_form` cookie), the
 * consent form when asked, the code from the redirect, and the exchange at `POST /api/v1/auth/token`.
 * Used by `npm run ops -- token:demo`; nothing here mints a token itself.
 */
import { createHash, randomBytes } from 'node:crypto';
import { ServiceUnreachable, unreachableReason } from './service-url.js';

/** What to sign in with and what to ask for. */
export interface BrowserFlowRequest {
  /** The service's base URL, e.g. `http://127.0.0.1:4000`. */
  readonly baseUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** A redirect URI registered for the app (never fetched: the code is read from the redirect). */
  readonly redirectUri: string;
  readonly scopes: readonly string[];
  readonly email: string;
  readonly password: string;
  /** The business to consent for (store scopes); default the one the page offers first. */
  readonly businessAccountId?: string;
}

/** A failed step: its name, the HTTP status and what the service said. */
export class BrowserFlowError extends Error {
  constructor(
    readonly step: string,
    readonly status: number,
    detail: string,
  ) {
    super(`${step}: ${detail}`);
  }
}

const REQUEST_TIMEOUT_MS = 30_000;

/** Cookies kept across the steps, like a browser (paths ignored: every page is under /oauth). */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  keep(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at < 1) continue;
      const name = pair.slice(0, at);
      if (/;\s*Max-Age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(at + 1));
    }
  }
}

const decodeEntities = (text: string): string =>
  text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

/** A posted form of a page: its action and the values it would send (hidden inputs, first option). */
export function formOn(html: string, actionPath: string): { action: string; fields: Record<string, string> } {
  for (const match of html.matchAll(/<form\s+method="post"\s+action="([^"]*)"\s*>([\s\S]*?)<\/form>/g)) {
    const action = decodeEntities(match[1] ?? '');
    if (!action.startsWith(actionPath)) continue;
    const fields: Record<string, string> = {};
    const body = match[2] ?? '';
    for (const input of body.matchAll(/<input\s+type="hidden"\s+name="([^"]+)"\s+value="([^"]*)"/g))
      fields[input[1] ?? ''] = decodeEntities(input[2] ?? '');
    const select = /<select[^>]*name="([^"]+)"[^>]*>\s*<option value="([^"]*)"/.exec(body);
    if (select) fields[select[1] ?? ''] = decodeEntities(select[2] ?? '');
    return { action, fields };
  }
  throw new Error(`no form posting to ${actionPath}`);
}

/** What a page says went wrong (its alert box and error code), for a failed step. */
function pageText(html: string): string {
  const alert = /role="alert">([\s\S]*?)<\/div>/.exec(html)?.[1];
  const code = /<code>([^<]*)<\/code>/.exec(html)?.[1];
  const text = (alert ?? /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? html.slice(0, 200)).replace(/<[^>]+>/g, ' ');
  const folded = decodeEntities(text.replace(/\s+/g, ' ').trim());
  return code ? `${folded} (${code})` : folded;
}

/** A PKCE pair (RFC 7636, S256). */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** A cookie-keeping client that never follows redirects; each request is named as a step. */
class Browser {
  private readonly jar = new CookieJar();

  constructor(private readonly baseUrl: string) {}

  async request(step: string, url: string, init: RequestInit = {}): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(new URL(url, this.baseUrl), {
        ...init,
        headers: {
          accept: 'text/html',
          'accept-language': 'en',
          cookie: this.jar.header(),
          ...(init.headers as Record<string, string>),
        },
        redirect: 'manual',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new ServiceUnreachable(this.baseUrl, unreachableReason(error));
    }
    this.jar.keep(response);
    return response;
  }

  post(step: string, url: string, fields: Record<string, string>): Promise<Response> {
    return this.request(step, url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }
}

/** The Location of a redirect, or the step's failure with what the page said. */
async function redirectOf(step: string, response: Response): Promise<string> {
  const location = response.headers.get('location');
  if (response.status >= 300 && response.status < 400 && location) return location;
  throw new BrowserFlowError(step, response.status, pageText(await response.text()));
}

/** The HTML of a 200 page, or the step's failure. */
async function pageOf(step: string, response: Response): Promise<string> {
  const html = await response.text();
  if (response.status !== 200) throw new BrowserFlowError(step, response.status, pageText(html));
  return html;
}

function authorizePath(request: BrowserFlowRequest, state: string, challenge: string): string {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    scope: request.scopes.join(' '),
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  return `/oauth/authorize?${query.toString()}`;
}

/**
 * Signs in through the form and returns where the authorization request then leads: the redirect
 * URI with the code (a first-party app), or after the consent form was approved.
 */
async function signInAndConsent(browser: Browser, request: BrowserFlowRequest, authorize: string): Promise<string> {
  // Not signed in: authorize sends the browser to the sign-in page, which sets the form cookie.
  const signInUrl = await redirectOf('authorize', await browser.request('authorize', authorize));
  const signInForm = formOn(
    await pageOf('sign_in_page', await browser.request('sign_in_page', signInUrl)),
    '/oauth/sign-in',
  );
  const fields = { ...signInForm.fields, email: request.email, password: request.password };
  const back = await redirectOf('sign_in', await browser.post('sign_in', signInForm.action, fields));
  const answer = await browser.request('authorize', back);
  if (answer.status !== 200) return redirectOf('authorize', answer);
  const consent = formOn(await pageOf('consent_page', answer), '/oauth/consent');
  const business: Record<string, string> = request.businessAccountId
    ? { business_account_id: request.businessAccountId }
    : {};
  return redirectOf(
    'consent',
    await browser.post('consent', consent.action, { ...consent.fields, ...business, decision: 'approve' }),
  );
}

/** The code of an authorization response (RFC 6749 §4.1.2), checked against the request's state. */
function codeOf(location: string, request: BrowserFlowRequest, state: string): string {
  if (!location.startsWith(request.redirectUri))
    throw new BrowserFlowError('authorize', 502, `unexpected redirect to ${location}`);
  const params = new URL(location).searchParams;
  const error = params.get('error');
  if (error) throw new BrowserFlowError('authorize', 400, `${error}: ${params.get('error_description') ?? ''}`);
  const code = params.get('code');
  if (!code || params.get('state') !== state)
    throw new BrowserFlowError('authorize', 502, `no code for this request in ${location}`);
  return code;
}

/** Runs the flow and returns the token endpoint's answer (the interface's camelCase token pair). */
export async function runBrowserFlow(request: BrowserFlowRequest): Promise<Record<string, unknown>> {
  const browser = new Browser(request.baseUrl);
  const pkce = pkcePair();
  const state = randomBytes(12).toString('base64url');
  const location = await signInAndConsent(browser, request, authorizePath(request, state, pkce.challenge));
  const response = await browser.request('token', '/api/v1/auth/token', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      grantType: 'authorization_code',
      clientId: request.clientId,
      clientSecret: request.clientSecret,
      code: codeOf(location, request, state),
      redirectUri: request.redirectUri,
      codeVerifier: pkce.verifier,
    }),
  });
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.status !== 200) {
    const detail = typeof body.detail === 'string' ? body.detail : 'no token pair';
    throw new BrowserFlowError('token', response.status, detail);
  }
  return body;
}
