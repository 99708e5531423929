import { Field, InputType, ObjectType } from 'type-graphql';

@InputType('BrowserSignUpInput', { description: 'The sign-up form of the authorization pages.' })
export class BrowserSignUpInput {
  @Field(() => String, { description: 'Email.' })
  email!: string;

  @Field(() => String, { description: 'Password.' })
  password!: string;

  @Field(() => String, { nullable: true, description: 'Language of the page, and so of the mail: ja (default) or en.' })
  locale?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The authorization request (query string of /oauth/authorize) to continue after verification.',
  })
  returnQuery?: string | null;
}

@ObjectType('SignUpResult', {
  description: 'What sign-up answers, the same for a new and a taken address (no account enumeration).',
})
export class SignUpResult {
  @Field(() => Boolean, {
    description: 'True: a verification link was mailed ("check your mail"); false: verification is off, sign in.',
  })
  verificationRequired!: boolean;
}

@InputType('ResendEmailVerificationInput', { description: 'Asks for a new verification link.' })
export class ResendEmailVerificationInput {
  @Field(() => String, { description: 'The address of the unverified account.' })
  email!: string;

  @Field(() => String, { nullable: true, description: 'Language of the mail: ja (default) or en.' })
  locale?: string | null;

  @Field(() => String, { nullable: true, description: 'The authorization request to continue after verification.' })
  returnQuery?: string | null;
}

@ObjectType('EmailVerificationResult', { description: 'A verified email address.' })
export class EmailVerificationResult {
  @Field(() => String, { description: 'The address now verified.' })
  email!: string;

  @Field(() => String, { description: 'The authorization request the sign-up carried (query string; may be empty).' })
  returnQuery!: string;
}
