/** The receipt pages: a receipt with its claim button, the claimed page and the failure pages. Every value is escaped. */
import { html, type Html } from '../../kernel/html.js';
import { receiptDocument } from './layout.js';
import { formatAmount, formatRate, formatTime, receiptMessages, stateText, type Locale } from './messages.js';
import type { PageReceipt } from './operations.js';

/** The claim form under a receipt. */
export interface ClaimForm {
  readonly action: string;
  readonly csrfToken: string;
  /** The terminal claim token the receipt came with (terminal pages). */
  readonly claimToken: string | null;
  /** Whether the claim signs the consumer in (a receipt-page client is configured). */
  readonly signIn: boolean;
}

function receiptCard(locale: Locale, receipt: PageReceipt): Html {
  const m = receiptMessages(locale);
  const money = (amount: number) => formatAmount(amount, receipt.currency);
  const items = receipt.items.map(
    (item) =>
      html`<tr>
        <td>
          ${item.name}${item.quantity !== 1 ? html` <span class="muted">${m.quantity(item.quantity)}</span>` : null}
        </td>
        <td class="amount">${money(item.unitPrice * item.quantity)}</td>
      </tr>`,
  );
  const taxes =
    receipt.taxes.length > 0
      ? receipt.taxes.map(
          (t) =>
            html`<tr>
              <th>${m.tax(formatRate(t.rateBasisPoints))}</th>
              <td class="amount">${money(t.taxAmount)}</td>
            </tr>`,
        )
      : [
          html`<tr>
            <th>${m.taxTotal}</th>
            <td class="amount">${money(receipt.taxAmount)}</td>
          </tr>`,
        ];
  return html`${receipt.storeName ? html`<p class="store">${receipt.storeName}</p>` : null}
    <p class="muted"><time datetime="${receipt.occurredAt}">${formatTime(locale, receipt.occurredAt)}</time></p>
    <table>
      <thead>
        <tr>
          <th>${m.item}</th>
          <th class="amount"></th>
        </tr>
      </thead>
      <tbody>
        ${items}
      </tbody>
      <tfoot>
        <tr>
          <th>${m.subtotal}</th>
          <td class="amount">${money(receipt.subtotalAmount)}</td>
        </tr>
        ${taxes}
        <tr class="total">
          <th>${m.total}</th>
          <td class="amount">${money(receipt.totalAmount)}</td>
        </tr>
      </tfoot>
    </table>`;
}

/** A receipt that can be claimed. */
export function receiptPage(locale: Locale, receipt: PageReceipt, form: ClaimForm): string {
  const m = receiptMessages(locale);
  return receiptDocument(
    locale,
    m.receiptTitle,
    html`<h1>${m.receiptTitle}</h1>
      ${receiptCard(locale, receipt)}
      <form method="post" action="${form.action}">
        <input type="hidden" name="csrf_token" value="${form.csrfToken}" />
        ${form.claimToken ? html`<input type="hidden" name="claim_token" value="${form.claimToken}" />` : null}
        <p class="muted">${form.signIn ? m.claimLead : m.claimAnonymousLead}</p>
        <button type="submit">${m.claimButton}</button>
      </form>`,
  );
}

/** After a claim: the receipt, and whether it went into the user's receipts. */
export function claimedPage(locale: Locale, receipt: PageReceipt, claimedByUser: boolean): string {
  const m = receiptMessages(locale);
  return receiptDocument(
    locale,
    m.claimedTitle,
    html`<h1>${m.claimedTitle}</h1>
      <p class="done" role="status">${claimedByUser ? m.claimedBody : m.claimedAnonymousBody}</p>
      ${receiptCard(locale, receipt)}`,
  );
}

/** A page that explains why there is no receipt to show or claim (`retryAfter` for 429). */
export function statePage(locale: Locale, code: string, detail: string, retryAfter?: string): string {
  const m = receiptMessages(locale);
  const [title, sentence] = stateText(locale, code) ?? [m.errorTitle, detail];
  return receiptDocument(
    locale,
    title,
    html`<h1>${title}</h1>
      <div class="error" role="alert">
        <p>${sentence}</p>
        ${retryAfter ? html`<p>${m.retryAfter(retryAfter)}</p>` : null}
      </div>
      <p class="muted">${m.errorCode}: <code>${code}</code></p>`,
  );
}
