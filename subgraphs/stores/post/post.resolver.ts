import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { StoresContext } from '../context.js';
import { AppPostStatus } from './post.entity.js';
import { CreateAppPostInput, UpdateAppPostInput } from './post.input.js';
import { AppPostList, AppPostView } from './post.types.js';

const TAKE = 'How many, newest first: default 20, above 100 clamped to 100, below 1 refused.';

@Resolver(() => AppPostView)
export class AppPostResolver {
  @Query(() => AppPostList, {
    description:
      'The public posts of a shop app (Published, including Scheduled ones whose time has come), newest first. status: Published only ' +
      '(Draft, Scheduled, Archived: BAD_USER_INPUT status_not_public). NOT_FOUND app_not_found for an unknown shopId.',
  })
  publicAppPosts(
    @Arg('shopId', () => String) shopId: string,
    @Arg('status', () => String, { nullable: true, description: 'Published (the default) only.' })
    status: string | null,
    @Arg('take', () => Int, { nullable: true, description: TAKE }) take: number | null,
    @Ctx() ctx: StoresContext,
  ): Promise<AppPostList> {
    return ctx.appPosts.publicList(shopId, status, take);
  }

  @Query(() => AppPostView, {
    description:
      'One public post of a shop app (as publicAppPosts shows it), as a consumer opens it: the answer counts one view of ' +
      'the post for analytics (for storeId, else the app’s main store). NOT_FOUND app_not_found, post_not_found, or ' +
      'store_not_found for a storeId the app does not show.',
  })
  publicAppPost(
    @Arg('shopId', () => String, { description: 'The shop app.' }) shopId: string,
    @Arg('postId', () => ID, { description: 'The post.' }) postId: string,
    @Arg('storeId', () => ID, {
      nullable: true,
      description: 'The store of the app the post is read at (its views count there); default the app’s main store.',
    })
    storeId: string | null,
    @Ctx() ctx: StoresContext,
  ): Promise<AppPostView> {
    return ctx.appPosts.publicOne(shopId, postId, storeId);
  }

  @Query(() => AppPostList, {
    description: 'Posts of a shop app the caller manages (every status, or one as it reads now), newest first.',
  })
  appPosts(
    @Arg('shopId', () => String) shopId: string,
    @Arg('status', () => AppPostStatus, { nullable: true, description: 'Only posts with this status now.' })
    status: AppPostStatus | null,
    @Arg('take', () => Int, { nullable: true, description: TAKE }) take: number | null,
    @Ctx() ctx: StoresContext,
  ): Promise<AppPostList> {
    return ctx.appPosts.managedList(shopId, status, take);
  }

  @Mutation(() => AppPostView, { description: 'Creates a post: Draft by default, Published now, or Scheduled.' })
  createAppPost(@Arg('input', () => CreateAppPostInput) input: CreateAppPostInput, @Ctx() ctx: StoresContext) {
    return ctx.appPosts.create(input);
  }

  @Mutation(() => AppPostView, { description: "Changes a post's title, body or image." })
  updateAppPost(@Arg('input', () => UpdateAppPostInput) input: UpdateAppPostInput, @Ctx() ctx: StoresContext) {
    return ctx.appPosts.update(input);
  }

  @Mutation(() => AppPostView, { description: 'Publishes a post now (writes post.published once).' })
  publishAppPost(@Arg('postId', () => ID) postId: string, @Ctx() ctx: StoresContext) {
    return ctx.appPosts.publish(postId);
  }

  @Mutation(() => AppPostView, {
    description: 'Schedules a post that is not public yet; it reads as Published from publishAt (in the future) on.',
  })
  scheduleAppPost(
    @Arg('postId', () => ID) postId: string,
    @Arg('publishAt', () => String, { description: 'An RFC 3339 date-time in the future.' }) publishAt: string,
    @Ctx() ctx: StoresContext,
  ) {
    return ctx.appPosts.schedule(postId, publishAt);
  }

  @Mutation(() => AppPostView, { description: 'Takes a post back to Draft (not public, not scheduled).' })
  unpublishAppPost(@Arg('postId', () => ID) postId: string, @Ctx() ctx: StoresContext) {
    return ctx.appPosts.unpublish(postId);
  }

  @Mutation(() => AppPostView, { description: 'Archives a post: no longer public, kept.' })
  archiveAppPost(@Arg('postId', () => ID) postId: string, @Ctx() ctx: StoresContext) {
    return ctx.appPosts.archive(postId);
  }

  @Mutation(() => ID, { description: 'Deletes a post; its id.' })
  deleteAppPost(@Arg('postId', () => ID) postId: string, @Ctx() ctx: StoresContext): Promise<string> {
    return ctx.appPosts.delete(postId);
  }
}
