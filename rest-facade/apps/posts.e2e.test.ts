/**
 * GET /api/v1/apps/{shopId}/posts through the facade: only Published posts, newest first, scheduled
 * posts appearing once their time has passed, take and status rules, 404 for an unknown app, and the
 * cacheable answer (ETag, 304). Every answer is checked against the OpenAPI document.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startOAuthService } from '../../test/fixtures/oauth.fixtures.js';
import { agePost, createPost, createShopApp, postsWorld, type PostTokens } from '../../test/fixtures/posts.fixtures.js';
import type { TestService } from '../../test/harness.js';

let service: TestService;
let business: string;
let shopId: string;
let tokens: PostTokens;

beforeAll(async () => {
  service = await startOAuthService();
  ({ business, shopId, tokens } = await postsWorld(service));
});

interface Item {
  postId: string;
  title: string;
  body: string;
  imageUrl: string | null;
  status: string;
  publishedAt: string;
  updatedAt: string;
}
const items = (body: Record<string, unknown>) => body.items as Item[];
const posts = (shop: string, query = '', token?: string) =>
  service.rest('GET', `/api/v1/apps/${shop}/posts${query}`, token);

describe('GET /api/v1/apps/{shopId}/posts', () => {
  it('lists only Published posts, newest first, with their fields', async () => {
    const app = await createShopApp(service, business);
    const older = await createPost(service, app, {
      status: 'Published',
      title: '古い',
      imageUrl: 'https://i.example/1.png',
    });
    const newer = await createPost(service, app, { status: 'Published', title: '新しい', body: '一行目\n二行目' });
    await createPost(service, app, { title: '下書き' });
    await createPost(service, app, { status: 'Scheduled', publishAt: new Date(Date.now() + 3_600_000).toISOString() });
    const archived = await createPost(service, app, { status: 'Published' });
    await service.graphql(
      'mutation($id: ID!) { archiveAppPost(postId: $id) { id } }',
      { id: archived.id },
      tokens.write,
    );

    const answer = await posts(app);
    expect(answer.status).toBe(200);
    expect(items(answer.body)).toEqual([
      expect.objectContaining({ postId: newer.id, title: '新しい', body: '一行目\n二行目', imageUrl: null }),
      expect.objectContaining({ postId: older.id, title: '古い', imageUrl: 'https://i.example/1.png' }),
    ]);
    for (const item of items(answer.body)) {
      expect(item.status).toBe('Published');
      expect(item.publishedAt).toMatch(/Z$/);
      expect(item.updatedAt).toMatch(/Z$/);
    }
    expect((await posts(app, '?status=Published')).body).toEqual(answer.body);
  });

  it('shows a scheduled post once its time has passed, as Published at that time', async () => {
    const app = await createShopApp(service, business);
    const scheduled = await createPost(service, app, {
      status: 'Scheduled',
      publishAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(items((await posts(app)).body)).toEqual([]);
    const due = new Date(Date.now() - 5_000);
    await agePost(service, scheduled.id, due);
    expect(items((await posts(app)).body)).toEqual([
      expect.objectContaining({ postId: scheduled.id, status: 'Published', publishedAt: due.toISOString() }),
    ]);
  });

  it('takes 20 by default, clamps above 100, and refuses take below 1 or not an int32', async () => {
    const app = await createShopApp(service, business);
    for (let i = 0; i < 22; i++) await createPost(service, app, { status: 'Published', title: `#${i}` });
    expect(items((await posts(app)).body)).toHaveLength(20);
    expect(items((await posts(app, '?take=2')).body).map((i) => i.title)).toEqual(['#21', '#20']);
    expect(items((await posts(app, '?take=1000')).body)).toHaveLength(22);
    for (const take of ['0', '-1', 'abc', '99999999999']) {
      const answer = await posts(app, `?take=${take}`);
      expect(answer.status, take).toBe(400);
      expect(answer.body.errors).toEqual([expect.objectContaining({ path: 'take' })]);
    }
  });

  it('refuses Draft, Scheduled and Archived (not public, whatever the token) and unknown statuses with 400', async () => {
    for (const [status, code] of [
      ['Draft', 'status_not_public'],
      ['Scheduled', 'status_not_public'],
      ['Archived', 'status_not_public'],
      ['published', 'validation_failed'],
      ['anything', 'validation_failed'],
    ] as const) {
      const answer = await posts(shopId, `?status=${status}`, tokens.read);
      expect(answer.status, status).toBe(400);
      expect(answer.body).toMatchObject({ code, errors: [expect.objectContaining({ path: 'status' })] });
    }
  });

  it('answers an unknown or malformed shopId with 404 app_not_found', async () => {
    for (const shop of ['no-such-app-here', 'x', '%E3%81%82']) {
      const answer = await posts(shop);
      expect(answer.status, shop).toBe(404);
      expect(answer.body.code).toBe('app_not_found');
    }
  });

  it('is cacheable: a strong ETag and public Cache-Control, 304 to a matching If-None-Match, a new tag after a change', async () => {
    const app = await createShopApp(service, business);
    const post = await createPost(service, app, { status: 'Published' });
    const first = await service.call(`/api/v1/apps/${app}/posts`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers.get('cache-control')).toBe('public, max-age=60');
    const again = await service.call(`/api/v1/apps/${app}/posts`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    await service.graphql(
      'mutation($input: UpdateAppPostInput!) { updateAppPost(input: $input) { id } }',
      { input: { postId: post.id, title: '変更' } },
      tokens.write,
    );
    const changed = await service.call(`/api/v1/apps/${app}/posts`, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });
});
