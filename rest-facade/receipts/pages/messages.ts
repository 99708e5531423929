/** The text of the receipt pages in Japanese and English, and how amounts and times are written. */
import type { Locale } from '../../kernel/locale.js';

export { negotiateLocale, type Locale } from '../../kernel/locale.js';

const JA = {
  receiptTitle: 'レシート',
  item: '品目',
  quantity: (n: number) => `× ${n}`,
  subtotal: '小計',
  tax: (rate: string) => `消費税（${rate}）`,
  taxTotal: '消費税',
  total: '合計',
  claimButton: 'このレシートを受け取る',
  claimLead: 'ログインすると、このレシートがあなたのアカウントに保存されます。',
  claimAnonymousLead: 'ボタンを押すと、このレシートを受け取ります（アカウントには保存されません）。',
  claimedTitle: 'レシートを受け取りました',
  claimedBody: 'このレシートはあなたのレシート一覧に保存されました。',
  claimedAnonymousBody: 'このレシートを受け取りました。アカウントには保存されていません。',
  errorTitle: 'レシートを表示できません',
  errorCode: 'エラーコード',
  retryAfter: (seconds: string) => `アクセスが集中しています。${seconds} 秒後にもう一度お試しください。`,
};

type Messages = typeof JA;

const EN: Messages = {
  receiptTitle: 'Receipt',
  item: 'Item',
  quantity: (n) => `× ${n}`,
  subtotal: 'Subtotal',
  tax: (rate) => `Tax (${rate})`,
  taxTotal: 'Tax',
  total: 'Total',
  claimButton: 'Get this receipt',
  claimLead: 'Sign in and this receipt is saved to your account.',
  claimAnonymousLead: 'Press the button to take this receipt (it is not saved to an account).',
  claimedTitle: 'Receipt received',
  claimedBody: 'It is in your receipts now.',
  claimedAnonymousBody: 'You have taken this receipt. It is not saved to an account.',
  errorTitle: 'The receipt cannot be shown',
  errorCode: 'Error code',
  retryAfter: (seconds) => `Too many requests. Try again in ${seconds} seconds.`,
};

const MESSAGES: Readonly<Record<Locale, Messages>> = { ja: JA, en: EN };

/** The messages of `locale`. */
export function receiptMessages(locale: Locale): Messages {
  return MESSAGES[locale];
}

/** A title and a sentence for each reason a page can fail with (the receipts operations' reasons). */
const STATES: Readonly<Record<Locale, Readonly<Record<string, readonly [string, string]>>>> = {
  ja: {
    terminal_not_found: ['端末が見つかりません', 'この QR コードの端末は登録されていません。'],
    no_transaction: [
      'レシートはまだありません',
      'この端末ではまだお会計がありません。お会計のあとでもう一度読み取ってください。',
    ],
    receipt_expired: [
      '受け取り期限が過ぎました',
      'レシートはお会計から 10 分以内に受け取ってください。店員にお声がけください。',
    ],
    receipt_claimed: ['受け取り済みです', 'このレシートはすでに受け取られています。'],
    receipt_already_claimed: [
      '受け取り済みです',
      'このレシートは受け取り済みです。あなたが受け取った場合は、レシート一覧にあります。',
    ],
    receipt_not_claimable: ['受け取れません', 'このレシートはもう受け取れません。'],
    invalid_claim_token: [
      '受け取り期限が過ぎました',
      'この画面の有効期限が切れました。QR コードをもう一度読み取ってください。',
    ],
    unknown_token: ['レシートが見つかりません', 'この QR コードのレシートは見つかりません。'],
    token_expired: ['有効期限が切れています', 'この QR コードの有効期限（30 日）が過ぎました。'],
    token_claimed: ['受け取り済みです', 'この QR コードのレシートはすでに受け取られています。'],
    token_already_claimed: ['受け取り済みです', 'この QR コードのレシートはすでに受け取られています。'],
    token_revoked: ['この QR コードは無効です', 'お店がこの QR コードを無効にしました。'],
    transaction_deleted: ['レシートが削除されました', 'このお会計の記録は削除されています。'],
    access_denied: ['ログインが取り消されました', 'レシートは受け取られていません。もう一度お試しください。'],
    claim_session_missing: [
      'もう一度お試しください',
      '受け取りの手続きの有効期限が切れました。QR コードをもう一度読み取ってください。',
    ],
    invalid_state: [
      'もう一度お試しください',
      '受け取りの手続きを確認できませんでした。QR コードをもう一度読み取ってください。',
    ],
    csrf_failed: ['フォームの有効期限が切れました', 'ページを再読み込みしてから、もう一度お試しください。'],
    rate_limited: ['しばらくお待ちください', 'アクセスが集中しています。'],
    database_unavailable: [
      'しばらくお待ちください',
      'サービスが一時的に利用できません。しばらくしてから、もう一度お試しください。',
    ],
  },
  en: {
    terminal_not_found: ['Terminal not found', 'The terminal of this QR code is not registered.'],
    no_transaction: ['No receipt yet', 'There has been no sale at this terminal yet. Scan again after paying.'],
    receipt_expired: [
      'Too late to take this receipt',
      'Take a receipt within 10 minutes of paying. Ask the staff for help.',
    ],
    receipt_claimed: ['Already taken', 'This receipt has already been taken.'],
    receipt_already_claimed: [
      'Already received',
      'This receipt was already received. If you took it, it is in your receipts.',
    ],
    receipt_not_claimable: ['Cannot be taken', 'This receipt can no longer be taken.'],
    invalid_claim_token: ['Too late to take this receipt', 'This page has expired. Scan the QR code again.'],
    unknown_token: ['Receipt not found', 'No receipt belongs to this QR code.'],
    token_expired: ['This QR code has expired', 'It was valid for 30 days.'],
    token_claimed: ['Already taken', 'The receipt of this QR code has already been taken.'],
    token_already_claimed: ['Already taken', 'The receipt of this QR code has already been taken.'],
    token_revoked: ['This QR code is no longer valid', 'The store has withdrawn it.'],
    transaction_deleted: ['Receipt deleted', 'The record of this sale was deleted.'],
    access_denied: ['Sign-in cancelled', 'The receipt was not taken. Please try again.'],
    claim_session_missing: ['Please try again', 'Taking the receipt took too long. Scan the QR code again.'],
    invalid_state: ['Please try again', 'We could not confirm this step. Scan the QR code again.'],
    csrf_failed: ['This form has expired', 'Reload the page and try again.'],
    rate_limited: ['Please wait a moment', 'Too many requests.'],
    database_unavailable: [
      'Please wait a moment',
      'The service is temporarily unavailable. Please try again in a moment.',
    ],
  },
};

/** The title and sentence of a failure reason, when the pages know it. */
export function stateText(locale: Locale, reason: string): readonly [string, string] | undefined {
  return STATES[locale][reason];
}

/** An amount in minor units as money, e.g. `¥1,100` (the half-width yen sign of printed receipts). */
export function formatAmount(amount: number, currency: string): string {
  try {
    const format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 0;
    return format.format(amount / 10 ** digits);
  } catch {
    return `${amount} ${currency}`;
  }
}

/** A time as the clock in Japan shows it, written the way `locale` writes dates. */
export function formatTime(locale: Locale, iso: string): string {
  return new Intl.DateTimeFormat(locale === 'ja' ? 'ja-JP' : 'en-US', {
    timeZone: 'Asia/Tokyo',
    dateStyle: locale === 'ja' ? 'long' : 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}

/** A tax rate in basis points as a percentage, e.g. 1000 -> `10%`. */
export function formatRate(basisPoints: number): string {
  return `${basisPoints / 100}%`;
}
