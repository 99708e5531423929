/** The text of the authorization pages in Japanese and English, and the choice between them. */

import type { Locale } from '../../kernel/locale.js';

export { negotiateLocale, type Locale } from '../../kernel/locale.js';

const JA = {
  signInTitle: 'ログイン',
  signInLead: (app: string) => `${app} を利用するにはログインしてください。`,
  signUpTitle: 'アカウント登録',
  signUpLead: (app: string) => `${app} を利用するためのアカウントを作成します。`,
  email: 'メールアドレス',
  password: 'パスワード',
  passwordHint: '15 文字以上。よく使われるパスワードやメールアドレスと同じものは使えません。',
  signInButton: 'ログイン',
  signUpButton: '登録する',
  toSignUp: 'アカウントをお持ちでない方はこちら',
  toSignIn: 'すでにアカウントをお持ちの方はこちら',
  wrongCredentials: 'メールアドレスまたはパスワードが正しくありません。',
  locked: (seconds: string) => `ログインの試行回数が多すぎます。${seconds} 秒後にもう一度お試しください。`,
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
  signUpLimited: (seconds: string) => `登録の試行回数が多すぎます。${seconds} 秒後にもう一度お試しください。`,
  checkMailTitle: 'メールを確認してください',
  checkMailBody: (email: string) =>
    `${email} に確認用のリンクを送りました。リンクを開いて登録を完了してください（24 時間有効）。`,
  accountReadyBody: '登録が完了しました。ログインしてください。',
  resendLink: '確認メールが届かない場合',
  resendTitle: '確認メールの再送',
  resendLead: '登録したメールアドレスを入力してください。未確認のアカウントがあれば、新しい確認リンクを送ります。',
  resendButton: '確認メールを送る',
  verifyTitle: 'メールアドレスの確認',
  verifyLead: '下のボタンを押すと、メールアドレスの確認が完了します。',
  verifyButton: 'メールアドレスを確認する',
  verifiedTitle: 'メールアドレスを確認しました',
  verifiedBody: (email: string) => `${email} を確認しました。`,
  continueLink: '続ける',
  invitationTitle: 'オーナーへの招待',
  invitationLead:
    '招待されたメールアドレスのアカウントでログインしてから、受け入れてください。アカウントをお持ちでない場合は、登録してメールアドレスを確認してください。',
  invitationButton: '招待を受け入れる',
  invitationSignIn: 'ログインする',
  invitationAcceptedTitle: '招待を受け入れました',
  invitationAcceptedBody: (name: string) => `${name} のオーナーになりました。`,
  staffInvitationAcceptedBody: (name: string) => `${name} のスタッフとしてアカウントを連携しました。`,
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
  signUpButton: 'Create account',
  toSignUp: 'No account yet? Create one',
  toSignIn: 'Already have an account? Sign in',
  wrongCredentials: 'The email or password is incorrect.',
  locked: (seconds) => `Too many sign-in attempts. Try again in ${seconds} seconds.`,
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
  signUpLimited: (seconds) => `Too many sign-ups. Try again in ${seconds} seconds.`,
  checkMailTitle: 'Check your mail',
  checkMailBody: (email) =>
    `We sent a confirmation link to ${email}. Open it to finish creating your account (it works for 24 hours).`,
  accountReadyBody: 'Your account is ready. Please sign in.',
  resendLink: 'Did not get the mail?',
  resendTitle: 'Send the confirmation mail again',
  resendLead: 'Enter the address you signed up with. If it has an unconfirmed account, we send a new link.',
  resendButton: 'Send the mail',
  verifyTitle: 'Confirm your email address',
  verifyLead: 'Press the button to confirm your email address.',
  verifyButton: 'Confirm my email address',
  verifiedTitle: 'Email address confirmed',
  verifiedBody: (email) => `${email} is confirmed.`,
  continueLink: 'Continue',
  invitationTitle: 'Invitation to own a business',
  invitationLead:
    'Sign in with the invited address, then accept. No account yet? Create one and confirm the address first.',
  invitationButton: 'Accept the invitation',
  invitationSignIn: 'Sign in',
  invitationAcceptedTitle: 'Invitation accepted',
  invitationAcceptedBody: (name) => `You are now an owner of ${name}.`,
  staffInvitationAcceptedBody: (name) => `Your account is now linked to your staff record at ${name}.`,
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
    database_unavailable: 'サービスが一時的に利用できません。しばらくしてから、もう一度お試しください。',
    gateway_unavailable: 'サービスが一時的に利用できません。しばらくしてから、もう一度お試しください。',
    email_not_verified:
      'メールアドレスがまだ確認されていません。確認メールのリンクを開いてから、もう一度お試しください（/oauth/resend-verification で再送できます）。',
    invalid_verification_token: '確認リンクが無効か、期限切れか、すでに使われています。確認メールを再送してください。',
    invalid_invitation: '招待リンクが無効か、期限切れか、取り消されたか、すでに使われています。',
    invitation_email_mismatch:
      'この招待は別のメールアドレス宛てです。招待されたアドレスのアカウントでログインしてください。',
    session_required: 'ログインしてから、もう一度お試しください。',
  },
  en: {
    invalid_client: 'The app (client_id) was not found.',
    invalid_redirect_uri: 'The redirect_uri is not registered for this app.',
    unsupported_response_type: 'Only response_type=code is supported.',
    invalid_request: 'The request parameters are invalid.',
    invalid_scope: 'The requested scope is invalid.',
    app_not_approved: 'This app is not approved for access to user data yet.',
    not_a_business_owner: 'Only an owner of the business account can grant this access.',
    database_unavailable: 'The service is temporarily unavailable. Please try again in a moment.',
    gateway_unavailable: 'The service is temporarily unavailable. Please try again in a moment.',
    email_not_verified:
      'Your email address is not confirmed yet. Open the link in the confirmation mail, then try again (/oauth/resend-verification sends it again).',
    invalid_verification_token: 'The confirmation link is invalid, expired or already used. Ask for a new one.',
    invalid_invitation: 'The invitation link is invalid, expired, revoked or already used.',
    invitation_email_mismatch: 'This invitation is for another address. Sign in with the invited address.',
    session_required: 'Sign in, then try again.',
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
