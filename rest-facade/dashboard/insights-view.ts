/**
 * The insights page (`GET /dashboard`): a store's figures today, its last 30 days as charts drawn on
 * the server (charts.ts), the forecast with its error, week over week and anomalous days, and the live
 * events feed, which the events page's own script fills (the same elements and configuration).
 */
import { html, Html } from '../kernel/html.js';
import { chart } from './charts.js';
import type { InsightStore, StoreInsights, TodayFigures } from './insights-data.js';
import { insightsMessages } from './insights-messages.js';
import { dashboardDocument } from './layout.js';
import { dashboardMessages, type Locale } from './messages.js';
import { jsonForScript, type EventsPageView } from './views.js';

/** What the page shows: the stores to choose from, the chosen one's insights (none without stores). */
export interface InsightsPageView {
  readonly stores: readonly InsightStore[];
  readonly insights: StoreInsights | null;
  readonly events: EventsPageView;
}

const yen = (locale: Locale) => {
  const format = new Intl.NumberFormat(locale === 'ja' ? 'ja-JP' : 'en-US', {
    style: 'currency',
    currency: 'JPY',
    maximumFractionDigits: 0,
  });
  return (value: number) => format.format(value);
};
const count = (locale: Locale) => {
  const format = new Intl.NumberFormat(locale === 'ja' ? 'ja-JP' : 'en-US', { maximumFractionDigits: 0 });
  return (value: number) => format.format(value);
};
const percent = (value: number, signed = false) => `${signed && value > 0 ? '+' : ''}${(value * 100).toFixed(1)}%`;

function tiles(locale: Locale, today: TodayFigures): Html {
  const m = insightsMessages(locale);
  const money = yen(locale);
  const number = count(locale);
  const figures: [string, keyof TodayFigures, (v: number) => string][] = [
    ['revenue', 'revenue', money],
    ['transactions', 'transactions', number],
    ['receiptsIssued', 'receiptsIssued', number],
    ['receiptsClaimed', 'receiptsClaimed', number],
    ['claimRate', 'claimRate', (v) => percent(v)],
    ['checkIns', 'checkIns', number],
    ['surveyResponses', 'surveyResponses', number],
    ['couponViews', 'couponViews', number],
    ['flyerViews', 'flyerViews', number],
    ['postViews', 'postViews', number],
  ];
  const items = figures.map(([label, key, format]) => {
    const value = today[key] as number | null;
    const shown = value === null ? html`<span class="muted" title="${m.suppressed}">–</span>` : html`${format(value)}`;
    return html`<div class="tile" data-figure="${key}">
      <dt>${m.figures[label as keyof typeof m.figures]}</dt>
      <dd>${shown}</dd>
    </div>`;
  });
  return html`<section aria-labelledby="today">
    <h2 id="today">${m.today} <span class="muted">${today.day}</span></h2>
    <dl class="tiles">${items}</dl>
  </section>`;
}

function charts(locale: Locale, insights: StoreInsights): Html {
  const m = insightsMessages(locale);
  const forecast = insights.forecast.days.map((d) => ({ x: d.date, y: d.revenue }));
  return html`${chart({
    id: 'revenue-chart',
    title: m.revenueChart,
    format: yen(locale),
    empty: m.noData,
    series: [
      { label: m.revenue, kind: 'bar', points: insights.days.map((d) => ({ x: d.day, y: d.revenue })) },
      { label: m.forecast, kind: 'line', points: forecast },
    ],
  })}
  ${chart({
    id: 'receipts-chart',
    title: m.receiptsChart,
    format: count(locale),
    empty: m.noData,
    series: [
      { label: m.issued, kind: 'bar', points: insights.days.map((d) => ({ x: d.day, y: d.receiptsIssued })) },
      { label: m.claimed, kind: 'bar', points: insights.days.map((d) => ({ x: d.day, y: d.receiptsClaimed })) },
    ],
  })}
  ${chart({
    id: 'check-ins-chart',
    title: m.checkInsChart,
    format: count(locale),
    empty: m.noData,
    series: [{ label: m.checkIns, kind: 'bar', points: insights.days.map((d) => ({ x: d.day, y: d.checkIns })) }],
  })}`;
}

function forecastSection(locale: Locale, insights: StoreInsights): Html {
  const m = insightsMessages(locale);
  const f = insights.forecast;
  const error = f.error
    ? html`<p>
        ${m.heldBack(f.error.days)}: ${m.mae}
        ${yen(locale)(f.error.mae)}${f.error.mape === null ? '' : html`, ${m.mape} ${f.error.mape.toFixed(1)}%`}
      </p>`
    : null;
  const body = f.unavailableReason
    ? html`<p class="muted" id="forecast-unavailable">${m.unavailable(f.unavailableReason)}</p>`
    : html`<p>${m.method}: ${f.method} · ${m.history}: ${String(f.historyDays)}</p>
        ${error}`;
  const w = insights.weekOverWeek;
  const change = (value: number | null) => (value === null ? '–' : percent(value, true));
  const anomalies = insights.anomalies.length
    ? html`<ul>
        ${insights.anomalies.map(
          (a) =>
            html`<li>
              ${a.date}: ${yen(locale)(a.revenue)} (${a.direction === 'high' ? m.high : m.low}; ${m.median}
              ${yen(locale)(a.median)})
            </li>`,
        )}
      </ul>`
    : html`<p class="muted">${m.noAnomalies}</p>`;
  return html`<section aria-labelledby="forecast-title">
      <h2 id="forecast-title">${m.forecastTitle}</h2>
      ${body}
    </section>
    <section aria-labelledby="wow-title">
      <h2 id="wow-title">${m.weekOverWeek}</h2>
      <p>
        ${m.revenue} ${change(w.revenueChange)} · ${m.figures.transactions} ${change(w.transactionsChange)} ·
        ${m.averageBasket} ${change(w.averageBasketChange)}
      </p>
      <h2>${m.anomalies}</h2>
      ${anomalies}
    </section>`;
}

function storeChooser(locale: Locale, stores: readonly InsightStore[], chosen: string | undefined): Html {
  const m = insightsMessages(locale);
  const links = stores.map((s) =>
    s.id === chosen
      ? html`<strong aria-current="page">${s.name}</strong>`
      : html`<a href="/dashboard?store=${encodeURIComponent(s.id)}">${s.name}</a>`,
  );
  return html`<nav aria-label="${m.store}" class="stores">${m.store}: ${links}</nav>`;
}

/** The events feed: the events page's elements, filled by its script. */
function eventsFeed(locale: Locale, view: EventsPageView): Html {
  const e = dashboardMessages(locale);
  const m = insightsMessages(locale);
  const boxes = view.types.map(
    (type) => html`<label><input type="checkbox" name="type" value="${type}" checked /> ${type}</label>`,
  );
  const config = jsonForScript({
    locale,
    query: view.query,
    wsUrl: view.wsUrl,
    tokenPath: view.tokenPath,
    messages: e.script,
  });
  return html`<section aria-labelledby="events-title">
    <h2 id="events-title">${m.events} <a class="muted" href="/dashboard/events">${m.eventsPage}</a></h2>
    <details>
      <summary>${e.filter}</summary>
      <fieldset id="filter">${boxes}</fieldset>
    </details>
    <p id="stream-error" class="error" role="alert" hidden></p>
    <p id="empty" class="muted">${e.empty}</p>
    <ol id="events" class="events" aria-live="polite"></ol>
    ${new Html(`<script type="application/json" id="dashboard-config">${config}</script>`)}
    <script src="/dashboard/events.js"></script>
  </section>`;
}

/** The whole page. */
export function insightsPage(locale: Locale, view: InsightsPageView): string {
  const m = insightsMessages(locale);
  const e = dashboardMessages(locale);
  const store = view.insights?.store;
  const content = view.insights
    ? html`${tiles(locale, view.insights.today)} ${charts(locale, view.insights)}
      ${forecastSection(locale, view.insights)}`
    : html`<p class="muted" id="no-stores">${m.noStores}</p>`;
  return dashboardDocument(
    locale,
    store ? `${m.title}: ${store.name}` : m.title,
    html`<header>
        <h1>${m.title}${store ? html` <span class="muted">${store.name}</span>` : null}</h1>
        <span id="status" class="status" role="status" data-state="connecting">${e.script.connecting}</span>
        <form method="post" action="/dashboard/sign-out">
          <input type="hidden" name="csrf_token" value="${view.events.csrfToken}" />
          <button type="submit">${e.signOut}</button>
        </form>
      </header>
      <p class="muted">${m.lead}</p>
      ${view.stores.length ? storeChooser(locale, view.stores, store?.id) : null} ${content}
      ${eventsFeed(locale, view.events)}`,
  );
}
