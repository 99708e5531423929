import { Field, ID, InputType } from 'type-graphql';
import { AppPostStatus } from './post.entity.js';

/** A new post of a shop app. */
@InputType('CreateAppPostInput', { description: 'A new post of a shop app.' })
export class CreateAppPostInput {
  @Field(() => String, { description: 'The shop app (its shopId).' })
  shopId!: string;

  @Field(() => String, { description: 'Title, 1 to 200 characters (trimmed).' })
  title!: string;

  @Field(() => String, {
    description: 'Plain text, 1 to 10000 characters; line breaks are kept, HTML tags are refused.',
  })
  body!: string;

  @Field(() => String, { nullable: true, description: 'Image URL: https, at most 2048 characters.' })
  imageUrl?: string | null;

  @Field(() => AppPostStatus, {
    nullable: true,
    description: 'Draft (default), Published (now) or Scheduled (needs publishAt in the future). Not Archived.',
  })
  status?: AppPostStatus | null;

  @Field(() => String, {
    nullable: true,
    description: 'When a Scheduled post goes public: an RFC 3339 date-time in the future.',
  })
  publishAt?: string | null;
}

/** Changes to a post's content; absent fields stay as they are. */
@InputType('UpdateAppPostInput', {
  description: "Changes to a post's content (status changes have their own mutations).",
})
export class UpdateAppPostInput {
  @Field(() => ID, { description: 'The post.' })
  postId!: string;

  @Field(() => String, { nullable: true, description: 'New title, 1 to 200 characters.' })
  title?: string | null;

  @Field(() => String, { nullable: true, description: 'New body, 1 to 10000 characters of plain text.' })
  body?: string | null;

  @Field(() => String, { nullable: true, description: 'New image URL (https); an empty string removes the image.' })
  imageUrl?: string | null;
}
