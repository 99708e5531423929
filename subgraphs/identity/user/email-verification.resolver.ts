import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { IdentityContext } from '../context.js';
import { mailLocale } from '../mail/mail-texts.js';
import { EmailVerificationResult, ResendEmailVerificationInput } from './email-verification.types.js';

/** The verification link's page and the resend form of the authorization pages. */
@Resolver()
export class EmailVerificationResolver {
  @Mutation(() => EmailVerificationResult, {
    description: 'Redeems a verification link (single use, 24 h). BAD_USER_INPUT invalid_verification_token.',
  })
  verifyEmail(
    @Arg('token', () => String) token: string,
    @Ctx() ctx: IdentityContext,
  ): Promise<EmailVerificationResult> {
    return ctx.emailVerification.verify(token);
  }

  @Mutation(() => Boolean, {
    description:
      'Mails a new verification link when the address has an unverified account; true either way. RATE_LIMITED after 3 an hour.',
  })
  resendEmailVerification(
    @Arg('input', () => ResendEmailVerificationInput) input: ResendEmailVerificationInput,
    @Ctx() ctx: IdentityContext,
  ): Promise<boolean> {
    return ctx.emailVerification.resend(input.email, mailLocale(input.locale), input.returnQuery ?? '');
  }
}
