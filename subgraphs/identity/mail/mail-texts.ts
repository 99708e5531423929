/** The mails identity sends, in Japanese and English (the language of the page the action started on). */
import type { MailMessage } from './mailer.js';

/** Languages of mails and pages; Japanese is the default. */
export type MailLocale = 'ja' | 'en';

/** `ja` unless `value` is `en`. */
export function mailLocale(value: string | null | undefined): MailLocale {
  return value === 'en' ? 'en' : 'ja';
}

/** The link that proves `to` (valid 24 hours, once). */
export function verificationMail(locale: MailLocale, to: string, link: string): MailMessage {
  return locale === 'en'
    ? {
        to,
        subject: 'Confirm your email address',
        text: `Open this link to confirm your email address and finish creating your account:\n\n${link}\n\nThe link works once, for 24 hours. If you did not create an account, ignore this mail.\n`,
      }
    : {
        to,
        subject: 'メールアドレスの確認',
        text: `次のリンクを開いてメールアドレスを確認し、アカウント登録を完了してください。\n\n${link}\n\nリンクは 24 時間、1 回だけ使えます。心当たりがない場合はこのメールを無視してください。\n`,
      };
}

/** To the owner of an existing account when someone signs up with its address. */
export function signUpAttemptMail(locale: MailLocale, to: string, signInLink: string): MailMessage {
  return locale === 'en'
    ? {
        to,
        subject: 'Someone tried to sign up with your address',
        text: `Someone tried to create an account with this email address, which already has one. Nothing was changed.\n\nIf it was you, sign in instead:\n${signInLink}\n\nIf it was not you, you can ignore this mail.\n`,
      }
    : {
        to,
        subject: 'お使いのメールアドレスで登録が試みられました',
        text: `このメールアドレスにはすでにアカウントがありますが、同じアドレスで新しいアカウントの登録が試みられました。アカウントは変更されていません。\n\nご本人の場合は、こちらからログインしてください:\n${signInLink}\n\n心当たりがない場合はこのメールを無視してください。\n`,
      };
}

/** An owner invitation for `businessName` (valid 7 days, once). */
export function ownerInvitationMail(locale: MailLocale, to: string, businessName: string, link: string): MailMessage {
  return locale === 'en'
    ? {
        to,
        subject: `You are invited to own ${businessName}`,
        text: `You are invited to become an owner of the business account "${businessName}".\n\nSign in (or create an account and confirm this address), then open this link and accept:\n${link}\n\nThe link works once, for 7 days, and only for an account with this email address.\n`,
      }
    : {
        to,
        subject: `「${businessName}」のオーナーへの招待`,
        text: `ビジネスアカウント「${businessName}」のオーナーに招待されました。\n\nこのメールアドレスのアカウントでログイン（またはアカウントを作成してアドレスを確認）してから、次のリンクを開いて招待を受け入れてください:\n${link}\n\nリンクは 7 日間、1 回だけ、このメールアドレスのアカウントでのみ使えます。\n`,
      };
}

/** An invitation to link an account to the staff member `staffName` of `businessName` (7 days, once). */
export function staffInvitationMail(
  locale: MailLocale,
  to: string,
  businessName: string,
  staffName: string,
  link: string,
): MailMessage {
  return locale === 'en'
    ? {
        to,
        subject: `${businessName} invites you to link your account as staff`,
        text: `${businessName} invites you to link your account to its staff record "${staffName}". This does not make you an owner of the business.\n\nSign in (or create an account and confirm this address), then open this link and accept:\n${link}\n\nThe link works once, for 7 days, and only for an account with this email address.\n`,
      }
    : {
        to,
        subject: `「${businessName}」のスタッフとしてのアカウント連携への招待`,
        text: `「${businessName}」から、スタッフ「${staffName}」としてアカウントを連携するよう招待されました。連携してもビジネスのオーナーにはなりません。\n\nこのメールアドレスのアカウントでログイン（またはアカウントを作成してアドレスを確認）してから、次のリンクを開いて招待を受け入れてください:\n${link}\n\nリンクは 7 日間、1 回だけ、このメールアドレスのアカウントでのみ使えます。\n`,
      };
}
