/** The sign-in and sign-up pages: show the form, post the credentials, start the session. */
import { formToken, readCookies, SESSION_COOKIE, setSessionCookie } from './cookies.js';
import { cspSourceOf, setPageHeaders } from './layout.js';
import { messagesFor } from './messages.js';
import type { Prompt } from './operations.js';
import { signedInPage, signInPage, signUpPage, type CredentialsView } from './pages.js';
import { fail, redirect, type PageContext } from './router.js';
import type { ProblemInput } from '../../kernel/problem.js';
import { checkMailPage } from './email-pages.js';
import { rateLimitedPage } from './email.handler.js';

type Mode = 'sign-in' | 'sign-up';

/** The prompt of the carried request (null when the page was opened without one), or a failure sent. */
async function carriedPrompt(c: PageContext): Promise<{ prompt: Prompt | null } | undefined> {
  if (c.auth.query === '') return { prompt: null };
  const prompt = await c.ops.prompt(c.auth.request, readCookies(c.req)[SESSION_COOKIE]);
  if (!prompt.ok) {
    fail(c, prompt.problem);
    return undefined;
  }
  return { prompt: prompt.data };
}

function render(
  c: PageContext,
  mode: Mode,
  status: number,
  prompt: Prompt | null,
  extra: Partial<CredentialsView>,
): void {
  const view: CredentialsView = {
    clientName: prompt?.clientName ?? null,
    query: c.auth.query,
    csrfToken: formToken(c.req, c.res, c.secure),
    ...extra,
  };
  setPageHeaders(c.res, prompt ? [cspSourceOf(prompt.redirectUri) ?? ''] : []);
  c.res
    .status(status)
    .type('html')
    .send(mode === 'sign-in' ? signInPage(c.locale, view) : signUpPage(c.locale, view));
}

/** GET: the form (or, already signed in, straight back to the authorization request). */
export async function showCredentialsPage(c: PageContext, mode: Mode): Promise<void> {
  const carried = await carriedPrompt(c);
  if (!carried) return;
  if (carried.prompt?.signedIn) return redirect(c, 302, `/oauth/authorize?${c.auth.query}`);
  render(c, mode, 200, carried.prompt, {});
}

function body(c: PageContext, name: string): string {
  const value = (c.req.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}

/** POST: sign in or up; on success the session cookie and a 303 back to the authorization request. */
export async function handleCredentials(c: PageContext, mode: Mode): Promise<void> {
  const carried = await carriedPrompt(c);
  if (!carried) return;
  const email = body(c, 'email');
  const password = body(c, 'password');
  if (mode === 'sign-up') return signUp(c, carried.prompt, email, password);
  const result = await c.ops.signIn(email, password);
  if (result.ok) {
    setSessionCookie(c.res, result.data.sessionToken, new Date(result.data.expiresAt), c.secure);
    if (carried.prompt) return redirect(c, 303, `/oauth/authorize?${c.auth.query}`);
    setPageHeaders(c.res);
    c.res.status(200).type('html').send(signedInPage(c.locale));
    return;
  }
  rejected(c, mode, carried.prompt, email, result.problem);
}

/** Sign-up: the same "check your mail" page for every address (nobody is signed in). */
async function signUp(c: PageContext, prompt: Prompt | null, email: string, password: string): Promise<void> {
  const result = await c.ops.signUp({ email, password, locale: c.locale, returnQuery: c.auth.query });
  if (!result.ok) return rejected(c, 'sign-up', prompt, email, result.problem);
  setPageHeaders(c.res);
  c.res
    .status(200)
    .type('html')
    .send(checkMailPage(c.locale, email.trim(), c.auth.query, result.data.verificationRequired));
}

function rejected(c: PageContext, mode: Mode, prompt: Prompt | null, email: string, problem: ProblemInput): void {
  const m = messagesFor(c.locale);
  const carried = { prompt };
  if (problem.status === 429 && mode === 'sign-up') return rateLimitedPage(c, problem, 'sign-up');
  if (problem.status === 429)
    return fail(c, { ...problem, detail: m.locked(problem.headers?.['Retry-After'] ?? '60') });
  if (problem.code === 'invalid_credentials')
    return render(c, mode, 400, carried.prompt, { email, error: m.wrongCredentials });
  if (problem.status === 400) {
    const errors = (problem.errors ?? []).map((e) => `${e.path}: ${e.message}`);
    return render(c, mode, 400, carried.prompt, { email, error: m.invalidSignUp, errors });
  }
  fail(c, problem);
}
