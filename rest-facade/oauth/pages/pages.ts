/** The authorization pages: sign-in, sign-up, consent, and the error pages. Every value is escaped. */
import { html, page, type Html } from './layout.js';
import { errorSummary, messagesFor, type Locale } from './messages.js';

/** What the consent page shows (from the `authorizationPrompt` operation). */
export interface ConsentView {
  readonly clientName: string;
  readonly firstParty: boolean;
  readonly audience: string;
  readonly redirectUri: string;
  readonly userEmail: string | null;
  readonly userDisplayName: string | null;
  readonly csrfToken: string | null;
  readonly scopes: readonly { scope: string; ja: string; en: string }[];
  readonly businessAccounts: readonly { id: string; name: string }[];
}

/** A credentials form (sign-in or sign-up). */
export interface CredentialsView {
  readonly clientName: string | null;
  /** The authorization request's query string, carried through the form's action. */
  readonly query: string;
  readonly csrfToken: string;
  readonly email?: string;
  readonly error?: string;
  readonly errors?: readonly string[];
}

const suffix = (query: string): string => (query ? `?${query}` : '');

function errorBox(view: CredentialsView): Html | null {
  if (!view.error) return null;
  const items = (view.errors ?? []).map((e) => html`<li>${e}</li>`);
  return html`<div class="error" role="alert">
    <p>${view.error}</p>
    ${
      items.length
        ? html`<ul>
            ${items}
          </ul>`
        : null
    }
  </div>`;
}

function credentialsForm(locale: Locale, view: CredentialsView, mode: 'sign-in' | 'sign-up'): Html {
  const m = messagesFor(locale);
  const signUp = mode === 'sign-up';
  return html`<form method="post" action="/oauth/${mode}${suffix(view.query)}">
      <input type="hidden" name="csrf_token" value="${view.csrfToken}" />
      <label for="email">${m.email}</label>
      <input id="email" name="email" type="email" autocomplete="username" required value="${view.email ?? ''}" />
      <label for="password">${m.password}</label>
      <input
        id="password"
        name="password"
        type="password"
        required
        autocomplete="${signUp ? 'new-password' : 'current-password'}"
        ${signUp ? html` aria-describedby="password-hint" minlength="15"` : null}
      />
      ${signUp ? html`<p id="password-hint" class="hint">${m.passwordHint}</p>` : null}
      <div class="actions">
        <button class="primary" type="submit">${signUp ? m.signUpButton : m.signInButton}</button>
      </div>
    </form>
    <p class="muted">
      <a href="/oauth/${signUp ? 'sign-in' : 'sign-up'}${suffix(view.query)}">${signUp ? m.toSignIn : m.toSignUp}</a>
    </p>`;
}

/** The sign-in page. */
export function signInPage(locale: Locale, view: CredentialsView): string {
  const m = messagesFor(locale);
  return page(
    locale,
    m.signInTitle,
    html`<h1>${m.signInTitle}</h1>
      ${view.clientName ? html`<p>${m.signInLead(view.clientName)}</p>` : null} ${errorBox(view)}
      ${credentialsForm(locale, view, 'sign-in')}`,
  );
}

/** The sign-up page. */
export function signUpPage(locale: Locale, view: CredentialsView): string {
  const m = messagesFor(locale);
  return page(
    locale,
    m.signUpTitle,
    html`<h1>${m.signUpTitle}</h1>
      ${view.clientName ? html`<p>${m.signUpLead(view.clientName)}</p>` : null} ${errorBox(view)}
      ${credentialsForm(locale, view, 'sign-up')}`,
  );
}

function businessChoice(locale: Locale, view: ConsentView): Html | null {
  if (view.audience !== 'business') return null;
  const m = messagesFor(locale);
  const [only] = view.businessAccounts;
  if (view.businessAccounts.length === 1 && only) {
    return html`<p>${m.consentBusiness}: <strong>${only.name}</strong></p>
      <input type="hidden" name="business_account_id" value="${only.id}" />`;
  }
  const options = view.businessAccounts.map((b) => html`<option value="${b.id}">${b.name}</option>`);
  return html`<label for="business_account_id">${m.consentBusiness}</label>
    <select id="business_account_id" name="business_account_id" required>
      ${options}
    </select>`;
}

/** The consent page: app, scopes with descriptions, approve and deny, and sign-out. */
export function consentPage(locale: Locale, view: ConsentView, query: string): string {
  const m = messagesFor(locale);
  const who = view.userDisplayName ? `${view.userDisplayName} (${view.userEmail ?? ''})` : (view.userEmail ?? '');
  const scopes = view.scopes.map(
    (s) => html`<li>${locale === 'ja' ? s.ja : s.en}<span class="scope-name">${s.scope}</span></li>`,
  );
  let host = view.redirectUri;
  try {
    host = new URL(view.redirectUri).host || view.redirectUri;
  } catch {
    // a registered URI always parses; keep the raw text otherwise
  }
  return page(
    locale,
    m.consentTitle,
    html`<h1>${m.consentTitle}</h1>
      <p><span class="badge">${view.firstParty ? m.firstPartyBadge : m.partnerBadge}</span></p>
      <p>${m.consentLead(view.clientName)}</p>
      <form method="post" action="/oauth/consent${suffix(query)}">
        <input type="hidden" name="csrf_token" value="${view.csrfToken ?? ''}" />
        <ul class="scopes">
          ${scopes}
        </ul>
        ${businessChoice(locale, view)}
        <p class="muted">${m.redirectNote(host)}</p>
        <div class="actions">
          <button class="secondary" type="submit" name="decision" value="deny">${m.deny}</button>
          <button class="primary" type="submit" name="decision" value="approve">${m.approve}</button>
        </div>
      </form>
      <form method="post" action="/oauth/sign-out${suffix(query)}">
        <input type="hidden" name="csrf_token" value="${view.csrfToken ?? ''}" />
        <p class="muted">${m.signedInAs(who)} <button class="link" type="submit">${m.signOut}</button></p>
      </form>`,
  );
}

/** An error page naming the error code. */
export function errorPage(locale: Locale, code: string, detail: string): string {
  const m = messagesFor(locale);
  const title = code === 'csrf_failed' ? m.csrfTitle : code === 'rate_limited' ? m.lockedTitle : m.errorTitle;
  const summary = code === 'csrf_failed' ? m.csrfBody : errorSummary(locale, code);
  return page(
    locale,
    title,
    html`<h1>${title}</h1>
      <div class="error" role="alert">
        ${summary ? html`<p>${summary}</p>` : null}
        <p>${detail}</p>
      </div>
      <p class="muted">${m.errorCode}: <code>${code}</code></p>`,
  );
}

/** After a sign-in that carried no authorization request. */
export function signedInPage(locale: Locale): string {
  const m = messagesFor(locale);
  return page(
    locale,
    m.signedInTitle,
    html`<h1>${m.signedInTitle}</h1>
      <p>${m.signedInBody}</p>`,
  );
}
