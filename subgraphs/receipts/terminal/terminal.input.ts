import { Field, ID, InputType } from 'type-graphql';

/** A new terminal of a store (operator only). */
@InputType('CreateTerminalInput', { description: 'A new checkout terminal.' })
export class CreateTerminalInput {
  @Field(() => ID, { description: 'The store the terminal belongs to.' })
  storeId!: string;

  @Field(() => String, {
    nullable: true,
    description:
      'Public id, 6 to 16 of A-Z a-z 0-9 _ -. Default: 10 random characters of the RFC 4648 base32 alphabet.',
  })
  publicTerminalId?: string | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'Allow a transaction to be claimed more than once. Default false.',
  })
  allowMultipleClaims?: boolean | null;
}
