import { Directive, Field, ObjectType } from 'type-graphql';

/**
 * A file answered inside GraphQL: its media type and its bytes in base64 (RFC 4648 §4). Shared by the
 * subgraphs that answer files (receipts: QR images and cards; stores: flyer PDFs), hence `@shareable`.
 */
@ObjectType('BinaryFile', { description: 'A file (an image or a document) carried in a GraphQL answer.' })
@Directive('@shareable')
export class BinaryFile {
  @Field(() => String, { description: 'Media type of the bytes, e.g. image/png or application/pdf.' })
  contentType!: string;

  @Field(() => String, { description: 'The bytes, base64 (RFC 4648 §4, with padding).' })
  base64!: string;

  @Field(() => String, { nullable: true, description: 'A file name to save the bytes under.' })
  filename?: string | null;
}
