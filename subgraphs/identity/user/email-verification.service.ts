/**
 * Email verification: a registered account proves its address by a single-use link (256 random bits,
 * only the SHA-256 stored, 24 hours). Until then its email confers nothing: no business scopes, no
 * owner invitations.
 */
import type { BaseContext } from '../../kernel/context.js';
import { BadUserInputError } from '../../kernel/errors.js';
import { requireEmail } from '../email.js';
import { mailerFor } from '../mail/mailer.js';
import { verificationMail, type MailLocale } from '../mail/mail-texts.js';
import { newOpaqueToken, tokenDigest } from '../oauth/opaque-token.js';
import { authorizationReturnQuery } from './return-query.js';
import { EmailVerificationToken } from './email-verification-token.entity.js';
import { SignInThrottler, verificationMailKey } from './sign-in-throttle.js';
import { User } from './user.entity.js';

/** How long a verification link works. */
export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** A verified email and the authorization request its sign-up carried. */
export interface VerifiedEmail {
  readonly email: string;
  readonly returnQuery: string;
}

const invalidToken = (): BadUserInputError =>
  new BadUserInputError(
    'The link is invalid, expired or already used. Request a new one.',
    [{ path: 'token', message: 'is invalid, expired or already used' }],
    'invalid_verification_token',
  );

/** Issues, sends and redeems verification links. */
export class EmailVerificationService {
  private readonly throttler: SignInThrottler;

  constructor(private readonly ctx: BaseContext) {
    this.throttler = new SignInThrottler(ctx.em);
  }

  /** Mails `user` a new verification link; `returnQuery` is the authorization request to continue. */
  async send(user: User, locale: MailLocale, returnQuery: string): Promise<void> {
    if (!user.email) return;
    const token = newOpaqueToken();
    this.ctx.em.create(EmailVerificationToken, {
      tokenHash: tokenDigest(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + VERIFICATION_TTL_MS),
      returnQuery: authorizationReturnQuery(returnQuery),
    });
    await this.ctx.em.flush();
    const link = `${this.ctx.env.publicUrl}/oauth/verify-email?token=${token}`;
    await mailerFor(this.ctx.env, this.ctx.em).send(verificationMail(locale, user.email, link));
  }

  /**
   * Redeems a link: spends it in one conditional UPDATE (so two clicks cannot both succeed) and marks
   * the account verified. BAD_USER_INPUT `invalid_verification_token` for an unknown, expired or used one.
   */
  async verify(token: string): Promise<VerifiedEmail> {
    if (!TOKEN_SHAPE.test(token)) throw invalidToken();
    const now = new Date();
    const rows = await this.ctx.em.execute<{ user_id: string; return_query: string }[]>(
      `update "email_verification_token" set "used_at" = ?, "updated_at" = ?
       where "token_hash" = ? and "used_at" is null and "expires_at" > ?
       returning "user_id", "return_query"`,
      [now, now, tokenDigest(token), now],
    );
    const row = rows[0];
    const user = row ? await this.ctx.em.findOne(User, { id: row.user_id, deletedAt: null }) : null;
    if (!row || !user?.email) throw invalidToken();
    if (!user.emailVerifiedAt) {
      user.emailVerifiedAt = now;
      await this.ctx.em.flush();
    }
    return { email: user.email, returnQuery: row.return_query };
  }

  /**
   * Sends a new link when the address belongs to an unverified account, and answers the same either
   * way (no enumeration). Throttled per address (3 an hour): RATE_LIMITED with `retryAfter`.
   */
  async resend(email: string, locale: MailLocale, returnQuery: string): Promise<boolean> {
    const normalized = requireEmail(email, 'email');
    const key = verificationMailKey(normalized);
    await this.throttler.assertNotLocked([key], 'verification mails');
    await this.throttler.recordFailure(key);
    const user = await this.ctx.em.findOne(User, {
      email: normalized,
      deletedAt: null,
      isAnonymous: false,
      emailVerifiedAt: null,
    });
    if (user) await this.send(user, locale, returnQuery);
    return true;
  }
}
