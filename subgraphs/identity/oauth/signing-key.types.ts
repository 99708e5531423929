import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Field, ObjectType, registerEnumType } from 'type-graphql';

/** Where a signing key is in its life: it signs, it only verifies, or it is retired. */
export enum SigningKeyStatus {
  ACTIVE = 'active',
  VERIFYING = 'verifying',
  RETIRED = 'retired',
}

registerEnumType(SigningKeyStatus, {
  name: 'SigningKeyStatus',
  description:
    'ACTIVE: the newest live key, which signs new tokens; VERIFYING: an older live key, listed in the JWKS and still verifying the tokens it signed; RETIRED: no longer listed, its tokens no longer verify.',
});

@ObjectType('SigningKey', { description: 'An access-token signing key, as operators see it (never its private half).' })
export class SigningKeyInfo {
  @Field(() => String, { description: 'Key id, the JOSE `kid` of the tokens it signs.' })
  kid!: string;

  @Field(() => SigningKeyStatus, { description: 'ACTIVE, VERIFYING or RETIRED.' })
  status!: SigningKeyStatus;

  @Field(() => GraphQLDateTimeISO, { description: 'When the key was created (RFC 3339, UTC).' })
  createdAt!: Date;

  @Field(() => GraphQLDateTimeISO, { nullable: true, description: 'When the key was retired; null while live.' })
  retiredAt!: Date | null;
}
