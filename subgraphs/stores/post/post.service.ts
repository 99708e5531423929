import type { BaseContext } from '../../kernel/context.js';
import { isUuid } from '../../kernel/db/uuid.js';
import { ConflictError, NotFoundError, Validation } from '../../kernel/errors.js';
import { recordContentView, viewerOf } from '../content-view/record-content-view.js';
import { mayManage } from '../ownership.js';
import { ShopApp } from '../shop-app/shop-app.entity.js';
import type { ShopAppService } from '../shop-app/shop-app.service.js';
import { AppPost, AppPostStatus } from './post.entity.js';
import { queuePostPublished } from './post-events.js';
import type { CreateAppPostInput, UpdateAppPostInput } from './post.input.js';
import { AppPostList, isLive, viewOf, type AppPostView } from './post.types.js';
import { checkBody, checkImageUrl, checkPublicStatus, checkPublishAt, checkTitle, takeOf } from './post.validation.js';

const postNotFound = () => new NotFoundError('No post has this id.', 'post_not_found');

/** The SQL condition (and its parameters) of posts that read as `status` at `now`. */
function statusFilter(status: AppPostStatus | null, now: Date): { sql: string; params: unknown[] } {
  if (status === AppPostStatus.Published)
    return { sql: `and ("status" = 'Published' or ("status" = 'Scheduled' and "publish_at" <= ?))`, params: [now] };
  if (status === AppPostStatus.Scheduled)
    return { sql: `and "status" = 'Scheduled' and "publish_at" > ?`, params: [now] };
  return status ? { sql: 'and "status" = ?', params: [status] } : { sql: '', params: [] };
}

/** How many times a status change is retried after concurrent changes before it gives up (CONFLICT). */
const TRANSITION_ATTEMPTS = 5;

/** Newest first: when it went (or goes) public, else when it was written; ties by id. */
const NEWEST_FIRST = 'coalesce("published_at", "publish_at", "created_at") desc, "id" desc';

/**
 * Posts of shop apps: the public list (Published only), and their management by the app's business
 * or the operator (another business's app or post is answered as not found).
 */
export class AppPostService {
  constructor(
    private readonly ctx: BaseContext,
    private readonly shopApps: ShopAppService,
  ) {}

  /** The public posts of an app (Published, including Scheduled ones whose time has come), newest first. */
  async publicList(shopId: string, status: string | null | undefined, take: number | null | undefined) {
    checkPublicStatus(status);
    const validation = new Validation();
    const limit = takeOf(take, validation);
    validation.throwIfInvalid();
    const app = await this.shopApps.getByShopId(shopId);
    return this.list(app, AppPostStatus.Published, limit);
  }

  /**
   * One public post of an app (as the public list shows it; else NOT_FOUND post_not_found). The answer
   * counts one view of the post for `storeId` (a store the app shows, else NOT_FOUND store_not_found),
   * or for the app's main store when none is named; an app that shows no store counts none. A viewer
   * counts once per post and day (record-content-view.ts).
   */
  async publicOne(shopId: string, postId: string, storeId: string | null | undefined): Promise<AppPostView> {
    const app = await this.shopApps.getByShopId(shopId);
    const now = new Date();
    const filter = statusFilter(AppPostStatus.Published, now);
    const [row] = isUuid(postId)
      ? await this.ctx.em.execute<Record<string, unknown>[]>(
          `select * from "app_post" where "shop_app_id" = ? and "id" = ? ${filter.sql}`,
          [app.id, postId, ...filter.params],
        )
      : [];
    if (!row) throw postNotFound();
    const viewedFor =
      storeId != null ? await this.shopApps.storeOf(app, storeId) : (await this.shopApps.storeIds(app))[0];
    if (viewedFor)
      await recordContentView(this.ctx.em, {
        kind: 'post',
        contentId: postId,
        storeId: viewedFor,
        at: now,
        viewer: viewerOf(this.ctx),
      });
    return viewOf(this.ctx.em.map(AppPost, row), app.shopId, now);
  }

  /** Every post of an app the caller manages, optionally of one status (as it reads now), newest first. */
  async managedList(shopId: string, status: AppPostStatus | null | undefined, take: number | null | undefined) {
    const validation = new Validation();
    const limit = takeOf(take, validation);
    validation.throwIfInvalid();
    const app = await this.shopApps.getManaged(shopId);
    return this.list(app, status ?? null, limit);
  }

  private async list(app: ShopApp, status: AppPostStatus | null, limit: number): Promise<AppPostList> {
    const now = new Date();
    const filter = statusFilter(status, now);
    const rows = await this.ctx.em.execute<Record<string, unknown>[]>(
      `select * from "app_post" where "shop_app_id" = ? ${filter.sql} order by ${NEWEST_FIRST} limit ?`,
      [app.id, ...filter.params, limit],
    );
    const items = rows.map((row) => viewOf(this.ctx.em.map(AppPost, row), app.shopId, now));
    return Object.assign(new AppPostList(), { items });
  }

  /** A new post: Draft by default, Published now, or Scheduled for a future publishAt. */
  async create(input: CreateAppPostInput): Promise<AppPostView> {
    const app = await this.shopApps.getManaged(input.shopId);
    const now = new Date();
    const status = input.status ?? AppPostStatus.Draft;
    const validation = new Validation();
    const title = checkTitle(input.title, validation);
    const body = checkBody(input.body, validation);
    const imageUrl = checkImageUrl(input.imageUrl, validation);
    validation.check(status !== AppPostStatus.Archived, 'status', 'must be Draft, Published or Scheduled');
    const publishAt = status === AppPostStatus.Scheduled ? checkPublishAt(input.publishAt, now, validation) : null;
    if (status !== AppPostStatus.Scheduled)
      validation.check(input.publishAt == null, 'publishAt', 'only with status Scheduled');
    validation.throwIfInvalid();
    return this.ctx.em.transactional(async (em) => {
      const post = em.create(AppPost, {
        shopAppId: app.id,
        title,
        body,
        imageUrl,
        status,
        publishAt,
        publishedAt: status === AppPostStatus.Published ? now : null,
      });
      if (status === AppPostStatus.Published) queuePostPublished(em, published(post, app, now));
      await em.flush();
      return viewOf(post, app.shopId, now);
    });
  }

  /** Changes a post's title, body or image; its status stays. */
  async update(input: UpdateAppPostInput): Promise<AppPostView> {
    const { post, app } = await this.managed(input.postId);
    const validation = new Validation();
    if (input.title != null) post.title = checkTitle(input.title, validation);
    if (input.body != null) post.body = checkBody(input.body, validation);
    if (input.imageUrl != null) post.imageUrl = checkImageUrl(input.imageUrl, validation);
    validation.throwIfInvalid();
    await this.ctx.em.flush();
    return viewOf(post, app.shopId, new Date());
  }

  /** Publishes now (a due Scheduled post keeps its publishAt as publishedAt); an already Published one stays. */
  publish(postId: string): Promise<AppPostView> {
    return this.transition(postId, (post, now) => {
      if (post.status === AppPostStatus.Published) return null;
      const publishedAt = isLive(post, now) ? post.publishAt! : now;
      return { status: AppPostStatus.Published, publishAt: post.publishAt ?? null, publishedAt };
    });
  }

  /** Schedules (or reschedules) a post that is not public yet for a future publishAt. */
  schedule(postId: string, publishAtText: string): Promise<AppPostView> {
    return this.transition(postId, (post, now) => {
      const validation = new Validation();
      const publishAt = checkPublishAt(publishAtText, now, validation);
      validation.throwIfInvalid();
      if (isLive(post, now))
        throw new ConflictError('The post is already published: unpublish it first.', 'post_already_published');
      return { status: AppPostStatus.Scheduled, publishAt: publishAt!, publishedAt: null };
    });
  }

  /** Takes a post back to Draft (not public, no schedule). */
  unpublish(postId: string): Promise<AppPostView> {
    return this.transition(postId, () => ({ status: AppPostStatus.Draft, publishAt: null, publishedAt: null }));
  }

  /** Archives a post: no longer public, kept with its publishedAt. */
  archive(postId: string): Promise<AppPostView> {
    return this.transition(postId, (post, now) => ({
      status: AppPostStatus.Archived,
      publishAt: post.publishAt ?? null,
      publishedAt: post.publishedAt ?? (isLive(post, now) ? post.publishAt! : null),
    }));
  }

  /** Deletes a post; its id. */
  async delete(postId: string): Promise<string> {
    const { post } = await this.managed(postId);
    await this.ctx.em.nativeDelete(AppPost, { id: post.id });
    return post.id;
  }

  private async managed(postId: string): Promise<{ post: AppPost; app: ShopApp }> {
    const post = isUuid(postId) ? await this.ctx.em.findOne(AppPost, { id: postId }) : null;
    const app = post ? await this.ctx.em.findOne(ShopApp, { id: post.shopAppId }) : null;
    if (!post || !app || !mayManage(this.ctx.principal, app.businessAccountId)) throw postNotFound();
    return { post, app };
  }

  /**
   * Moves a post to the state `next` computes from its current one (null: nothing to change), by a
   * conditional update on the state it was read in, so a concurrent change (another call, the
   * scheduled-posts job) is never overwritten: the post is read again and `next` decides anew.
   * Becoming Published writes `post.published` in the same transaction.
   */
  private async transition(
    postId: string,
    next: (post: AppPost, now: Date) => Pick<AppPost, 'status' | 'publishAt' | 'publishedAt'> | null,
  ): Promise<AppPostView> {
    const { post, app } = await this.managed(postId);
    for (let attempt = 0; attempt < TRANSITION_ATTEMPTS; attempt++) {
      const now = new Date();
      const change = next(post, now);
      if (!change) return viewOf(post, app.shopId, now);
      const moved = await this.ctx.em.transactional(async (em) => {
        const rows = await em.nativeUpdate(
          AppPost,
          { id: post.id, status: post.status, publishAt: post.publishAt ?? null },
          { ...change, updatedAt: now },
        );
        if (rows === 1 && change.status === AppPostStatus.Published && post.status !== AppPostStatus.Published)
          queuePostPublished(
            em,
            published({ id: post.id, title: post.title, publishedAt: change.publishedAt }, app, now),
          );
        return rows === 1;
      });
      if (!(await this.ctx.em.refresh(post))) throw postNotFound();
      if (moved) return viewOf(post, app.shopId, now);
    }
    throw new ConflictError('The post kept changing; try again.', 'post_changed');
  }
}

function published(post: Pick<AppPost, 'id' | 'title' | 'publishedAt'>, app: ShopApp, now: Date) {
  return {
    postId: post.id,
    shopId: app.shopId,
    businessAccountId: app.businessAccountId,
    title: post.title,
    publishedAt: post.publishedAt ?? now,
  };
}
