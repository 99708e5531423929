/** The text of the events page in Japanese and English (the script's texts travel in its configuration). */
import type { Locale } from '../kernel/locale.js';

export { negotiateLocale, type Locale } from '../kernel/locale.js';

const JA = {
  title: 'ライブイベント',
  lead: 'このビジネスアカウントのイベントを、起きたときに表示します（新しいものが上）。',
  filter: 'イベントの種類',
  filterHint: 'チェックした種類だけを表示します。',
  all: 'すべて',
  none: 'なし',
  empty: 'まだイベントはありません。このページを開いたままにしてください。',
  signOut: 'ログアウト',
  noScript: 'このページの表示には JavaScript が必要です。',
  signedOutTitle: 'ログアウトしました',
  signedOutBody: 'イベントを見るにはもう一度ログインしてください。',
  signIn: 'ログイン',
  errorTitle: 'イベントページを表示できません',
  errorCode: 'エラーコード',
  /** The script's texts. */
  script: {
    connecting: '接続中…',
    live: '受信中',
    reconnecting: '再接続中…',
    signedOut: 'ログインが切れました。ページを再読み込みしてください。',
    error: 'エラー',
    resumed: '再接続しました',
  },
};

type Messages = typeof JA;

const EN: Messages = {
  title: 'Live events',
  lead: "This business account's events as they happen (newest first).",
  filter: 'Event types',
  filterHint: 'Only the checked types are shown.',
  all: 'All',
  none: 'None',
  empty: 'No events yet. Keep this page open.',
  signOut: 'Sign out',
  noScript: 'This page needs JavaScript.',
  signedOutTitle: 'Signed out',
  signedOutBody: 'Sign in again to see the events.',
  signIn: 'Sign in',
  errorTitle: 'The events page cannot be shown',
  errorCode: 'Error code',
  script: {
    connecting: 'Connecting…',
    live: 'Live',
    reconnecting: 'Reconnecting…',
    signedOut: 'The sign-in has ended. Reload the page.',
    error: 'Error',
    resumed: 'Reconnected',
  },
};

const MESSAGES: Readonly<Record<Locale, Messages>> = { ja: JA, en: EN };

export function dashboardMessages(locale: Locale): Messages {
  return MESSAGES[locale];
}

/** A title and a sentence for each reason the page can fail with. */
const STATES: Readonly<Record<Locale, Readonly<Record<string, readonly [string, string]>>>> = {
  ja: {
    dashboard_not_configured: [
      'ログインが設定されていません',
      'イベントページの OAuth クライアント（DASHBOARD_CLIENT_ID）が設定されていません。',
    ],
    sign_in_missing: [
      'もう一度お試しください',
      'このブラウザで始めたログインが見つかりません（期限切れの可能性があります）。',
    ],
    invalid_state: ['もう一度お試しください', 'ログインの確認に失敗しました。最初からやり直してください。'],
    access_denied: ['ログインが取り消されました', 'イベントを見るにはログインしてアクセスを許可してください。'],
    not_a_business_owner: [
      'ビジネスアカウントのオーナーではありません',
      'このページはビジネスアカウントのオーナー向けです。',
    ],
    csrf_failed: ['もう一度お試しください', 'フォームの有効期限が切れました。ページを再読み込みしてください。'],
    database_unavailable: [
      'しばらくお待ちください',
      'サービスが一時的に利用できません。しばらくしてから、もう一度お試しください。',
    ],
  },
  en: {
    dashboard_not_configured: [
      'Sign-in is not configured',
      'The events page has no OAuth client (DASHBOARD_CLIENT_ID).',
    ],
    sign_in_missing: ['Please try again', 'No sign-in started in this browser is waiting (it may have expired).'],
    invalid_state: ['Please try again', 'The sign-in could not be checked. Start again.'],
    access_denied: ['Sign-in cancelled', 'Sign in and allow access to see the events.'],
    not_a_business_owner: ['Not a business owner', 'This page is for owners of a business account.'],
    csrf_failed: ['Please try again', 'The form has expired. Reload the page.'],
    database_unavailable: [
      'Please wait a moment',
      'The service is temporarily unavailable. Please try again in a moment.',
    ],
  },
};

export function stateText(locale: Locale, code: string): readonly [string, string] | undefined {
  return STATES[locale][code];
}
