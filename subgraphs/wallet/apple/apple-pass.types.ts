import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Field, ObjectType } from 'type-graphql';

/** A signed `.pkpass` carried in a GraphQL answer. */
@ObjectType('AppleWalletPassFile', { description: 'A signed Apple Wallet pass (.pkpass) carried in a GraphQL answer.' })
export class AppleWalletPassFile {
  @Field(() => String, { description: 'Media type: application/vnd.apple.pkpass.' })
  contentType!: string;

  @Field(() => String, { description: 'The .pkpass bytes, base64 (RFC 4648 §4, with padding).' })
  base64!: string;

  @Field(() => String, { description: 'A file name to save the pass under: <shopId>.pkpass.' })
  filename!: string;

  @Field(() => GraphQLDateTimeISO, { description: 'When what the pass shows (points, rank) last changed.' })
  lastModified!: Date;
}

/** The answer of a device registration (Apple pass web service). */
@ObjectType('AppleWalletRegistration', { description: 'A device registration for updates of an Apple Wallet pass.' })
export class AppleWalletRegistration {
  @Field(() => Boolean, {
    description: 'True when this call registered the device, false when it was registered already.',
  })
  created!: boolean;
}

/** The passes of a device that changed since a tag (Apple pass web service). */
@ObjectType('AppleWalletUpdatedSerials', { description: 'Serial numbers of the passes of a device that changed.' })
export class AppleWalletUpdatedSerials {
  @Field(() => [String], { description: 'Serial numbers of the changed passes; empty when none changed.' })
  serialNumbers!: string[];

  @Field(() => String, {
    nullable: true,
    description: 'Tag to send as passesUpdatedSince next time (epoch microseconds); null when nothing changed.',
  })
  lastUpdated!: string | null;
}
