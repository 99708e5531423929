import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Field, ID, ObjectType } from 'type-graphql';
import { AppPostStatus, type AppPost } from './post.entity.js';

/**
 * A post as a caller sees it at one instant: a Scheduled post whose publishAt has passed reads as
 * Published, with publishedAt = publishAt (no job needs to run for it to show).
 */
@ObjectType('AppPost', { description: 'A post of a shop app, as it stands now.' })
export class AppPostView {
  @Field(() => ID, { description: 'Post id (UUIDv7).' })
  id!: string;

  @Field(() => String, { description: 'The shop app it belongs to.' })
  shopId!: string;

  @Field(() => String, { description: 'Title, 1 to 200 characters.' })
  title!: string;

  @Field(() => String, { description: 'Plain text (line breaks kept, no HTML), 1 to 10000 characters.' })
  body!: string;

  @Field(() => String, { nullable: true, description: 'Image URL (https), if any.' })
  imageUrl!: string | null;

  @Field(() => AppPostStatus, { description: 'Status now: a Scheduled post whose time has come is Published.' })
  status!: AppPostStatus;

  @Field(() => GraphQLDateTimeISO, { nullable: true, description: 'When a Scheduled post goes public.' })
  publishAt!: Date | null;

  @Field(() => GraphQLDateTimeISO, {
    nullable: true,
    description: 'When it went public; null unless Published or Archived after publishing.',
  })
  publishedAt!: Date | null;

  @Field(() => GraphQLDateTimeISO, { description: 'When it was created (RFC 3339, UTC).' })
  createdAt!: Date;

  @Field(() => GraphQLDateTimeISO, { description: 'When it last changed (RFC 3339, UTC).' })
  updatedAt!: Date;
}

@ObjectType('AppPostList', { description: 'Posts of a shop app, newest first.' })
export class AppPostList {
  @Field(() => [AppPostView], { description: 'At most `take` posts.' })
  items!: AppPostView[];
}

/** Whether a stored post is public at `now`: Published, or Scheduled with its time come. */
export function isLive(post: Pick<AppPost, 'status' | 'publishAt'>, now: Date): boolean {
  if (post.status === AppPostStatus.Published) return true;
  return post.status === AppPostStatus.Scheduled && post.publishAt != null && post.publishAt <= now;
}

/** How `post` of the app `shopId` reads at `now`. */
export function viewOf(post: AppPost, shopId: string, now: Date): AppPostView {
  const live = isLive(post, now);
  return Object.assign(new AppPostView(), {
    id: post.id,
    shopId,
    title: post.title,
    body: post.body,
    imageUrl: post.imageUrl ?? null,
    status: live ? AppPostStatus.Published : post.status,
    publishAt: post.publishAt ?? null,
    publishedAt: post.publishedAt ?? (live ? (post.publishAt ?? null) : null),
    createdAt: post.createdAt,
    updatedAt: post.updatedAt,
  });
}
