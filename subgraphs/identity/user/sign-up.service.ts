/**
 * Sign-up from the authorization pages. It answers the same for a new and a taken address, so it
 * reveals no accounts: a new account gets a verification link, the owner of an existing one a
 * "someone tried to sign up with your address" mail, and neither is signed in. Sign-ups are counted
 * per client IP (10 an hour).
 */
import type { BaseContext } from '../../kernel/context.js';
import { AppError } from '../../kernel/errors.js';
import { mailerFor } from '../mail/mailer.js';
import { signUpAttemptMail, type MailLocale } from '../mail/mail-texts.js';
import { EmailVerificationService } from './email-verification.service.js';
import { authorizationReturnQuery } from './return-query.js';
import { SignInThrottler, signUpIpKey } from './sign-in-throttle.js';
import { User } from './user.entity.js';
import type { UserService } from './user.service.js';

/** What the sign-up page shows next (the same for every address). */
export interface SignUpAnswer {
  /** True: "check your mail"; false (EMAIL_VERIFICATION off): the account is usable, sign in. */
  readonly verificationRequired: boolean;
}

/** A sign-up request from the pages. */
export interface SignUpRequest {
  readonly email: string;
  readonly password: string;
  readonly locale: MailLocale;
  /** The authorization request's query string, continued after verification. */
  readonly returnQuery: string;
}

export class SignUpService {
  private readonly throttler: SignInThrottler;
  private readonly verification: EmailVerificationService;

  constructor(
    private readonly ctx: BaseContext,
    private readonly users: UserService,
  ) {
    this.throttler = new SignInThrottler(ctx.em);
    this.verification = new EmailVerificationService(ctx);
  }

  /**
   * Validates (BAD_USER_INPUT naming the fields), counts the sign-up against the client IP
   * (RATE_LIMITED with `retryAfter` once it has 10 within the hour), then registers a new address or
   * mails the owner of a taken one.
   */
  async signUp(request: SignUpRequest): Promise<SignUpAnswer> {
    const valid = this.users.validateRegistration(request.email, request.password);
    const ip = this.ctx.clientIp ? signUpIpKey(this.ctx.clientIp) : undefined;
    if (ip) {
      await this.throttler.assertNotLocked([ip], 'sign-ups from this address');
      await this.throttler.recordFailure(ip);
    }
    const verificationRequired = this.ctx.env.emailVerification;
    const existing = await this.ctx.em.findOne(User, { email: valid.email });
    if (existing) {
      await this.tellOwner(existing, request);
      return { verificationRequired };
    }
    let user: User;
    try {
      user = await this.users.register(request.email, request.password, { verified: !verificationRequired });
    } catch (error) {
      // Taken between the lookup and the insert: the same answer as any taken address.
      if (error instanceof AppError && error.extensions.reason === 'email_taken') return { verificationRequired };
      throw error;
    }
    if (verificationRequired) await this.verification.send(user, request.locale, request.returnQuery);
    return { verificationRequired };
  }

  /** The taken-address path: as slow as a registration, and a mail to the address's owner. */
  private async tellOwner(existing: User, request: SignUpRequest): Promise<void> {
    await this.users.spendHashTime(request.password);
    if (existing.deletedAt || !existing.email) return;
    const query = authorizationReturnQuery(request.returnQuery);
    const signIn = `${this.ctx.env.publicUrl}/oauth/sign-in${query ? `?${query}` : ''}`;
    await mailerFor(this.ctx.env, this.ctx.em).send(signUpAttemptMail(request.locale, existing.email, signIn));
  }
}
