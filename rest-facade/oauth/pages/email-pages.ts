/** Pages of proven email and owner invitations: check your mail, verify, resend, accept. All escaped. */
import { html, page } from './layout.js';
import { messagesFor, type Locale } from './messages.js';

const suffix = (query: string): string => (query ? `?${query}` : '');

/** After sign-up, the same for every address: "check your mail" (or "sign in" when verification is off). */
export function checkMailPage(locale: Locale, email: string, query: string, verificationRequired: boolean): string {
  const m = messagesFor(locale);
  if (!verificationRequired) {
    return page(
      locale,
      m.signedInTitle,
      html`<h1>${m.signUpTitle}</h1>
        <p>${m.accountReadyBody}</p>
        <p><a href="/oauth/sign-in${suffix(query)}">${m.signInButton}</a></p>`,
    );
  }
  return page(
    locale,
    m.checkMailTitle,
    html`<h1>${m.checkMailTitle}</h1>
      <p>${m.checkMailBody(email)}</p>
      <p class="muted"><a href="/oauth/resend-verification${suffix(query)}">${m.resendLink}</a></p>`,
  );
}

/** The form that asks for a new verification link. */
export function resendPage(locale: Locale, csrfToken: string, query: string): string {
  const m = messagesFor(locale);
  return page(
    locale,
    m.resendTitle,
    html`<h1>${m.resendTitle}</h1>
      <p>${m.resendLead}</p>
      <form method="post" action="/oauth/resend-verification${suffix(query)}">
        <input type="hidden" name="csrf_token" value="${csrfToken}" />
        <label for="email">${m.email}</label>
        <input id="email" name="email" type="email" autocomplete="username" required />
        <div class="actions">
          <button class="primary" type="submit">${m.resendButton}</button>
        </div>
      </form>`,
  );
}

/** The landing page of a verification link: a button, so a mail scanner's GET spends nothing. */
export function verifyPage(locale: Locale, csrfToken: string, token: string): string {
  const m = messagesFor(locale);
  return page(
    locale,
    m.verifyTitle,
    html`<h1>${m.verifyTitle}</h1>
      <p>${m.verifyLead}</p>
      <form method="post" action="/oauth/verify-email">
        <input type="hidden" name="csrf_token" value="${csrfToken}" />
        <input type="hidden" name="token" value="${token}" />
        <div class="actions">
          <button class="primary" type="submit">${m.verifyButton}</button>
        </div>
      </form>`,
  );
}

/** After verifying: continue the authorization request the sign-up carried, or sign in. */
export function verifiedPage(locale: Locale, email: string, returnQuery: string): string {
  const m = messagesFor(locale);
  const next = returnQuery ? `/oauth/authorize?${returnQuery}` : '/oauth/sign-in';
  return page(
    locale,
    m.verifiedTitle,
    html`<h1>${m.verifiedTitle}</h1>
      <p>${m.verifiedBody(email)}</p>
      <p><a class="primary" href="${next}">${m.continueLink}</a></p>`,
  );
}

/** The landing page of an owner invitation link: accept (signed in) or sign in first. */
export function invitationPage(locale: Locale, csrfToken: string, token: string): string {
  const m = messagesFor(locale);
  return page(
    locale,
    m.invitationTitle,
    html`<h1>${m.invitationTitle}</h1>
      <p>${m.invitationLead}</p>
      <form method="post" action="/oauth/owner-invitation">
        <input type="hidden" name="csrf_token" value="${csrfToken}" />
        <input type="hidden" name="token" value="${token}" />
        <div class="actions">
          <button class="primary" type="submit">${m.invitationButton}</button>
        </div>
      </form>
      <p class="muted"><a href="/oauth/sign-in">${m.invitationSignIn}</a></p>`,
  );
}

/** After accepting an invitation: an owner's, or a staff invitation's (`staff`). */
export function invitationAcceptedPage(locale: Locale, businessName: string, staff = false): string {
  const m = messagesFor(locale);
  return page(
    locale,
    m.invitationAcceptedTitle,
    html`<h1>${m.invitationAcceptedTitle}</h1>
      <p>${staff ? m.staffInvitationAcceptedBody(businessName) : m.invitationAcceptedBody(businessName)}</p>`,
  );
}
