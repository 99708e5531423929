/** The text of the authorization pages in Japanese and English, and the choice between them. */

/** The languages of the pages; Japanese is the default. */
export type Locale = 'ja' | 'en';

const JA = {
  signInTitle: 'ログイン',
  signInLead: (app: string) => `${app} を利用するにはログインしてください。`,
  signUpTitle: 'アカウント登録',
  signUpLead: (app: string) => `${app} を利用するためのアカウントを作成します。`,
  email: 'メールアドレス',
  password: 'パスワード',
  passwordHint: '15 文字以上。よく使われるパスワードやメールアドレスと同じものは使えません。',
  signInButton: 'ログイン',
  signUpButton: '登録してログイン',
  toSignUp: 'アカウントをお持ちでない方はこちら',
  toSignIn: 'すでにアカウントをお持ちの方はこちら',
  wrongCredentials: 'メールアドレスまたはパスワードが正しくありません。',
  locked: (seconds: string) => `ログインの試行回数が多すぎます。${seconds} 秒後にもう一度お試しください。`,
  emailTaken: 'このメールアドレスのアカウントはすでにあります。ログインしてください。',
  invalidSignUp: '入力内容を確認してください。',
  consentTitle: 'アクセスの許可',
  consentLead: (app: string) => `${app} が次のアクセスを求めています。`,
  consentBusiness: '対象のビジネスアカウント',
  firstPartyBadge: '公式アプリ',
  partnerBadge: '外部アプリ',
  signedInAs: (who: string) => `${who} としてログイン中`,
  signOut: '別のアカウントを使う',
  approve: '許可する',
  deny: '拒否する',
  redirectNote: (host: string) => `許可すると ${host} に移動します。`,
  errorTitle: 'リクエストを処理できません',
  errorCode: 'エラーコード',
  csrfTitle: 'フォームの有効期限が切れました',
  csrfBody: 'ページを再読み込みしてから、もう一度お試しください。',
  lockedTitle: 'しばらくお待ちください',
  signedInTitle: 'ログインしました',
  signedInBody: 'このウィンドウを閉じてアプリに戻ってください。',
};

type Messages = typeof JA;

const EN: Messages = {
  signInTitle: 'Sign in',
  signInLead: (app) => `Sign in to continue to ${app}.`,
  signUpTitle: 'Create an account',
  signUpLead: (app) => `Create an account to use ${app}.`,
  email: 'Email',
  password: 'Password',
  passwordHint: 'At least 15 characters. Common passwords and your email address are not allowed.',
  signInButton: 'Sign in',
  signUpButton: 'Create account and sign in',
  toSignUp: 'No account yet? Create one',
  toSignIn: 'Already have an account? Sign in',
  wrongCredentials: 'The email or password is incorrect.',
  locked: (seconds) => `Too many sign-in attempts. Try again in ${seconds} seconds.`,
  emailTaken: 'An account with this email already exists. Please sign in.',
  invalidSignUp: 'Please check what you entered.',
  consentTitle: 'Allow access',
  consentLead: (app) => `${app} is asking for the following access.`,
  consentBusiness: 'Business account',
  firstPartyBadge: 'Official app',
  partnerBadge: 'Third-party app',
  signedInAs: (who) => `Signed in as ${who}`,
  signOut: 'Use another account',
  approve: 'Allow',
  deny: 'Deny',
  redirectNote: (host) => `If you allow, you will be sent to ${host}.`,
  errorTitle: 'The request cannot be processed',
  errorCode: 'Error code',
  csrfTitle: 'This form has expired',
  csrfBody: 'Reload the page and try again.',
  lockedTitle: 'Please wait a moment',
  signedInTitle: 'You are signed in',
  signedInBody: 'Close this window and return to the app.',
};

const MESSAGES: Readonly<Record<Locale, Messages>> = { ja: JA, en: EN };

const ERROR_SUMMARIES: Readonly<Record<Locale, Readonly<Record<string, string>>>> = {
  ja: {
    invalid_client: 'アプリ（client_id）が見つかりません。',
    invalid_redirect_uri: 'リダイレクト先（redirect_uri）がこのアプリに登録されていません。',
    unsupported_response_type: 'response_type は code のみ対応しています。',
    invalid_request: 'リクエストのパラメータが正しくありません。',
    invalid_scope: '要求された権限（scope）が正しくありません。',
    app_not_approved: 'このアプリは利用者データへのアクセスをまだ承認されていません。',
    not_a_business_owner: 'ビジネスアカウントのオーナーだけがこのアクセスを許可できます。',
  },
  en: {
    invalid_client: 'The app (client_id) was not found.',
    invalid_redirect_uri: 'The redirect_uri is not registered for this app.',
    unsupported_response_type: 'Only response_type=code is supported.',
    invalid_request: 'The request parameters are invalid.',
    invalid_scope: 'The requested scope is invalid.',
    app_not_approved: 'This app is not approved for access to user data yet.',
    not_a_business_owner: 'Only an owner of the business account can grant this access.',
  },
};

/** A sentence for an error code in `locale`, when there is one. */
export function errorSummary(locale: Locale, code: string): string | undefined {
  return ERROR_SUMMARIES[locale][code];
}

/** The messages of `locale`. */
export function messagesFor(locale: Locale): Messages {
  return MESSAGES[locale];
}

/**
 * The page language from `Accept-Language` (RFC 9110 §12.5.4): the highest-q range that matches ja
 * or en (by primary subtag; `*` means ja); ja when nothing matches.
 */
export function negotiateLocale(header: string | undefined): Locale {
  const ranges = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [range = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { primary: range.split('-')[0] ?? '', q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.q > 0 && (r.primary === 'ja' || r.primary === 'en' || r.primary === '*'))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const best = ranges[0]?.primary;
  return best === 'en' ? 'en' : 'ja';
}
