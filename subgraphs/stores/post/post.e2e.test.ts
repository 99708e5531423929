/**
 * Managing shop app posts over GraphQL: who may (the operator, a business token with sns.content.* of
 * the app's business; another business's app or post is not found), validation, the status changes,
 * and the post.published outbox event written once, when a post becomes Published.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_OPERATOR_TOKEN, type TestService } from '../../../test/harness.js';
import { startOAuthService } from '../../../test/fixtures/oauth.fixtures.js';
import {
  agePost,
  CREATE_POST,
  createPost,
  publishedEvents,
  postsWorld,
  type AppPostRow,
  type PostTokens,
} from '../../../test/fixtures/posts.fixtures.js';

const FIELDS = 'id status publishAt publishedAt title body imageUrl';
const LIST = `query($shopId: String!, $status: AppPostStatus, $take: Int) {
  appPosts(shopId: $shopId, status: $status, take: $take) { items { id status } }
}`;

let service: TestService;
let business: string;
let shopId: string;
let otherShopId: string;
let tokens: PostTokens;

beforeAll(async () => {
  service = await startOAuthService();
  ({ business, shopId, otherShopId, tokens } = await postsWorld(service));
});

type Result = Awaited<ReturnType<TestService['graphql']>>;
const failure = (result: Result) => result.errors?.[0]?.extensions;
const future = (ms = 3_600_000) => new Date(Date.now() + ms).toISOString();

async function mutate(name: string, args: Record<string, unknown>, token = TEST_OPERATOR_TOKEN) {
  const declared = Object.keys(args)
    .map((key) => `$${key}: ${key === 'postId' ? 'ID!' : 'String!'}`)
    .join(', ');
  const passed = Object.keys(args)
    .map((key) => `${key}: $${key}`)
    .join(', ');
  return service.graphql<Record<string, AppPostRow>>(
    `mutation(${declared}) { ${name}(${passed}) { ${FIELDS} } }`,
    args,
    token,
  );
}

describe('createAppPost', () => {
  it('creates a Draft by default, as a business token of the app with sns.content.write, and writes no event', async () => {
    const result = await service.graphql<{ createAppPost: AppPostRow }>(
      CREATE_POST,
      { input: { shopId, title: '  新メニュー ', body: '一行目\r\n二行目', imageUrl: 'https://img.example/a.png' } },
      tokens.write,
    );
    expect(result.errors).toBeUndefined();
    const post = result.data!.createAppPost;
    expect(post).toMatchObject({
      shopId,
      title: '新メニュー',
      body: '一行目\n二行目',
      imageUrl: 'https://img.example/a.png',
      status: 'Draft',
      publishedAt: null,
    });
    expect(await publishedEvents(service, post.id)).toEqual([]);
  });

  it('publishes at once with status Published, writing post.published in the same change', async () => {
    const post = await createPost(service, shopId, { status: 'Published', title: '開店のお知らせ' });
    expect(post.status).toBe('Published');
    expect(Date.parse(post.publishedAt!)).toBeLessThanOrEqual(Date.now());
    const events = await publishedEvents(service, post.id);
    expect(events).toEqual([
      {
        type: 'post.published',
        business_account_id: business,
        payload: { postId: post.id, shopId, title: '開店のお知らせ', publishedAt: post.publishedAt },
      },
    ]);
  });

  it('schedules with a future publishAt; no event until it is published', async () => {
    const publishAt = future();
    const post = await createPost(service, shopId, { status: 'Scheduled', publishAt });
    expect(post).toMatchObject({ status: 'Scheduled', publishAt, publishedAt: null });
    expect(await publishedEvents(service, post.id)).toEqual([]);
  });

  it.each([
    ['an empty title', { title: ' ' }, 'title'],
    ['a title of 201 characters', { title: 'あ'.repeat(201) }, 'title'],
    ['an empty body', { body: '\n ' }, 'body'],
    ['a body of 10001 characters', { body: 'a'.repeat(10_001) }, 'body'],
    ['HTML in the body', { body: 'hello <script>alert(1)</script>' }, 'body'],
    ['an http image URL', { imageUrl: 'http://img.example/a.png' }, 'imageUrl'],
    ['an image URL that is no URL', { imageUrl: 'not a url' }, 'imageUrl'],
    ['Scheduled without publishAt', { status: 'Scheduled' }, 'publishAt'],
    ['Scheduled in the past', { status: 'Scheduled', publishAt: '2020-01-01T00:00:00Z' }, 'publishAt'],
    ['a publishAt that is no date-time', { status: 'Scheduled', publishAt: 'tomorrow' }, 'publishAt'],
    ['a publishAt without a UTC offset', { status: 'Scheduled', publishAt: '2999-01-01T09:00:00' }, 'publishAt'],
    ['publishAt on a Draft', { publishAt: future() }, 'publishAt'],
    ['status Archived', { status: 'Archived' }, 'status'],
  ])('refuses %s with BAD_USER_INPUT naming the field, and creates nothing', async (_label, change, path) => {
    const before = await service.graphql<{ appPosts: { items: unknown[] } }>(LIST, { shopId, take: 100 }, tokens.read);
    const result = await service.graphql(
      CREATE_POST,
      { input: { shopId, title: 'T', body: 'B', ...change } },
      TEST_OPERATOR_TOKEN,
    );
    expect(failure(result)).toMatchObject({ code: 'BAD_USER_INPUT', errors: [expect.objectContaining({ path })] });
    const after = await service.graphql<{ appPosts: { items: unknown[] } }>(LIST, { shopId, take: 100 }, tokens.read);
    expect(after.data!.appPosts.items).toEqual(before.data!.appPosts.items);
  });

  it("answers another business's app as not found, and a token without sns.content.write as forbidden", async () => {
    const input = { shopId: otherShopId, title: 'T', body: 'B' };
    expect(failure(await service.graphql(CREATE_POST, { input }, tokens.write))).toMatchObject({
      code: 'NOT_FOUND',
      reason: 'app_not_found',
    });
    expect(failure(await service.graphql(CREATE_POST, { input: { ...input, shopId } }, tokens.read))).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'insufficient_scope',
    });
  });
});

describe('status changes', () => {
  it('publishes a Draft once: a second publish changes nothing and writes no second event', async () => {
    const post = await createPost(service, shopId);
    const first = await mutate('publishAppPost', { postId: post.id }, tokens.write);
    expect(first.data!.publishAppPost).toMatchObject({ status: 'Published' });
    const again = await mutate('publishAppPost', { postId: post.id }, tokens.write);
    expect(again.data!.publishAppPost!.publishedAt).toBe(first.data!.publishAppPost!.publishedAt);
    expect(await publishedEvents(service, post.id)).toHaveLength(1);
  });

  it('publishes a due scheduled post with its scheduled time as publishedAt', async () => {
    const post = await createPost(service, shopId, { status: 'Scheduled', publishAt: future() });
    const due = new Date(Date.now() - 60_000);
    await agePost(service, post.id, due);
    const published = await mutate('publishAppPost', { postId: post.id });
    expect(published.data!.publishAppPost).toMatchObject({ status: 'Published', publishedAt: due.toISOString() });
    expect((await publishedEvents(service, post.id))[0]?.payload.publishedAt).toBe(due.toISOString());
  });

  it('schedules a Draft, reschedules it, refuses a past time and an already public post', async () => {
    const post = await createPost(service, shopId);
    const [first, second] = [future(), future(7_200_000)];
    expect(
      (await mutate('scheduleAppPost', { postId: post.id, publishAt: first })).data!.scheduleAppPost,
    ).toMatchObject({ status: 'Scheduled', publishAt: first });
    expect(
      (await mutate('scheduleAppPost', { postId: post.id, publishAt: second })).data!.scheduleAppPost!.publishAt,
    ).toBe(second);
    for (const publishAt of ['2020-01-01T00:00:00Z', 'x'.repeat(10_000)]) {
      expect(failure(await mutate('scheduleAppPost', { postId: post.id, publishAt }))).toMatchObject({
        code: 'BAD_USER_INPUT',
        errors: [expect.objectContaining({ path: 'publishAt' })],
      });
    }
    await mutate('publishAppPost', { postId: post.id });
    expect(failure(await mutate('scheduleAppPost', { postId: post.id, publishAt: future() }))).toMatchObject({
      code: 'CONFLICT',
      reason: 'post_already_published',
    });
  });

  it('unpublishes to Draft and archives; each status is listed as it reads now', async () => {
    const draft = await createPost(service, shopId);
    const live = await createPost(service, shopId, { status: 'Published' });
    const archived = await createPost(service, shopId, { status: 'Published' });
    const scheduled = await createPost(service, shopId, { status: 'Scheduled', publishAt: future() });
    const due = await createPost(service, shopId, { status: 'Scheduled', publishAt: future() });
    await agePost(service, due.id, new Date(Date.now() - 1_000));
    expect((await mutate('archiveAppPost', { postId: archived.id })).data!.archiveAppPost).toMatchObject({
      status: 'Archived',
      publishedAt: archived.publishedAt,
    });
    const unpublished = await mutate('unpublishAppPost', { postId: live.id });
    expect(unpublished.data!.unpublishAppPost).toMatchObject({ status: 'Draft', publishedAt: null });
    const ids = async (status: string) =>
      (
        await service.graphql<{ appPosts: { items: { id: string }[] } }>(
          LIST,
          { shopId, status, take: 100 },
          tokens.read,
        )
      ).data!.appPosts.items.map((item) => item.id);
    expect(await ids('Draft')).toEqual(expect.arrayContaining([draft.id, live.id]));
    expect(await ids('Archived')).toContain(archived.id);
    expect(await ids('Scheduled')).toContain(scheduled.id);
    expect(await ids('Scheduled')).not.toContain(due.id);
    expect(await ids('Published')).toContain(due.id);
    expect(await ids('Published')).not.toContain(live.id);
  });

  it('updates content, deletes, and answers another business as not found', async () => {
    const post = await createPost(service, shopId, { imageUrl: 'https://img.example/x.png' });
    const updated = await service.graphql<{ updateAppPost: AppPostRow }>(
      `mutation($input: UpdateAppPostInput!) { updateAppPost(input: $input) { ${FIELDS} } }`,
      { input: { postId: post.id, title: '更新', imageUrl: '' } },
      tokens.write,
    );
    expect(updated.data!.updateAppPost).toMatchObject({ title: '更新', body: post.body, imageUrl: null });
    for (const name of ['publishAppPost', 'archiveAppPost', 'unpublishAppPost', 'deleteAppPost']) {
      const result = await service.graphql(
        `mutation($postId: ID!) { ${name}(postId: $postId) ${name === 'deleteAppPost' ? '' : '{ id }'} }`,
        { postId: post.id },
        tokens.otherWrite,
      );
      expect(failure(result), name).toMatchObject({ code: 'NOT_FOUND', reason: 'post_not_found' });
    }
    expect(failure(await service.graphql(LIST, { shopId }, tokens.otherRead))).toMatchObject({
      reason: 'app_not_found',
    });
    const deleted = await service.graphql<{ deleteAppPost: string }>(
      'mutation($postId: ID!) { deleteAppPost(postId: $postId) }',
      { postId: post.id },
      tokens.write,
    );
    expect(deleted.data!.deleteAppPost).toBe(post.id);
    expect(failure(await mutate('publishAppPost', { postId: post.id }))).toMatchObject({ reason: 'post_not_found' });
    expect(failure(await mutate('publishAppPost', { postId: 'not-a-uuid' }))).toMatchObject({
      reason: 'post_not_found',
    });
  });
});
