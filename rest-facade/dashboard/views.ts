/** The pages of /dashboard: the live events page and the pages that explain a failure or a sign-out. */
import { html, Html } from '../kernel/html.js';
import { dashboardDocument } from './layout.js';
import { dashboardMessages, stateText, type Locale } from './messages.js';

/** What the events page needs besides its texts. */
export interface EventsPageView {
  /** The event types of the filter (the catalogue). */
  readonly types: readonly string[];
  /** The subscription document the script sends. */
  readonly query: string;
  /** Where the script opens the WebSocket; null: `/graphql` of this origin. */
  readonly wsUrl: string | null;
  readonly tokenPath: string;
  /** The sign-out form's token. */
  readonly csrfToken: string;
}

/**
 * JSON for a data block inside `<script type="application/json">`: `<`, `>` and `&` as escapes, so
 * no value can end the element or open a comment.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c').replaceAll('>', '\\u003e').replaceAll('&', '\\u0026');
}

/** The live events page: status, filter, the list the script fills, the script and its configuration. */
export function eventsPage(locale: Locale, view: EventsPageView): string {
  const m = dashboardMessages(locale);
  const boxes = view.types.map(
    (type) => html`<label><input type="checkbox" name="type" value="${type}" checked /> ${type}</label>`,
  );
  const config = jsonForScript({
    locale,
    query: view.query,
    wsUrl: view.wsUrl,
    tokenPath: view.tokenPath,
    messages: m.script,
  });
  return dashboardDocument(
    locale,
    m.title,
    html`<header>
        <h1>${m.title}</h1>
        <span id="status" class="status" role="status" data-state="connecting">${m.script.connecting}</span>
        <form method="post" action="/dashboard/sign-out">
          <input type="hidden" name="csrf_token" value="${view.csrfToken}" />
          <button type="submit">${m.signOut}</button>
        </form>
      </header>
      <p class="muted">${m.lead}</p>
      <noscript><p class="error">${m.noScript}</p></noscript>
      <fieldset id="filter">
        <legend>${m.filter}</legend>
        ${boxes}
        <p class="muted">${m.filterHint}</p>
      </fieldset>
      <p id="stream-error" class="error" role="alert" hidden></p>
      <p id="empty" class="muted">${m.empty}</p>
      <ol id="events" class="events" aria-live="polite"></ol>
      ${new Html(`<script type="application/json" id="dashboard-config">${config}</script>`)}
      <script src="/dashboard/events.js"></script>`,
  );
}

/** After sign-out: a link to sign in again. */
export function signedOutPage(locale: Locale): string {
  const m = dashboardMessages(locale);
  return dashboardDocument(
    locale,
    m.signedOutTitle,
    html`<h1>${m.signedOutTitle}</h1>
      <p>${m.signedOutBody}</p>
      <p><a href="/dashboard/events">${m.signIn}</a></p>`,
  );
}

/** Why the page cannot be shown (the code, and a sentence for the known ones). */
export function statePage(locale: Locale, code: string, detail: string): string {
  const m = dashboardMessages(locale);
  const [title, sentence] = stateText(locale, code) ?? [m.errorTitle, detail];
  return dashboardDocument(
    locale,
    title,
    html`<h1>${title}</h1>
      <div class="error" role="alert"><p>${sentence}</p></div>
      <p class="muted">${m.errorCode}: <code>${code}</code></p>
      <p><a href="/dashboard/events">${m.signIn}</a></p>`,
  );
}
