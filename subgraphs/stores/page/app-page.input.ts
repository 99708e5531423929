import { Field, InputType, Int } from 'type-graphql';

@InputType('CreateAppPageInput', { description: 'A new page of a shop app.' })
export class CreateAppPageInput {
  @Field(() => String, { description: 'Address in the app: 1 to 64 of a-z 0-9 -, unique in the app.' })
  slug!: string;

  @Field(() => String, { description: 'Title, 1 to 200 characters.' })
  title!: string;

  @Field(() => String, {
    description: 'Body HTML, at most 100000 characters; stored sanitized (scripts, styles, handlers removed).',
  })
  body!: string;

  @Field(() => Boolean, { nullable: true, description: 'Publish at once (default false).' })
  published?: boolean | null;

  @Field(() => Int, { nullable: true, description: 'Order in the list, 0 to 10000 (default: after the last).' })
  position?: number | null;
}

@InputType('UpdateAppPageInput', { description: 'Changes to a page; absent fields stay.' })
export class UpdateAppPageInput {
  @Field(() => String, { nullable: true, description: 'A new slug: 1 to 64 of a-z 0-9 -, unique in the app.' })
  slug?: string | null;

  @Field(() => String, { nullable: true, description: 'Title, 1 to 200 characters.' })
  title?: string | null;

  @Field(() => String, { nullable: true, description: 'Body HTML, at most 100000 characters; stored sanitized.' })
  body?: string | null;

  @Field(() => Int, { nullable: true, description: 'Order in the list, 0 to 10000.' })
  position?: number | null;
}
