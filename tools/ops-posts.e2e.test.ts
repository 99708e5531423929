/** The operator CLI's post commands end to end: the built `ops.js` against a one-process service. */
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestService, TEST_OPERATOR_TOKEN, type TestService } from '../test/harness.js';
import { runOps as ops } from '../test/ops-runner.js';

let service: TestService;
let connection: string[];
let shopId: string;

beforeAll(async () => {
  service = await startTestService({ demoData: false });
  connection = ['--url', `${service.url}/graphql`, '--token', TEST_OPERATOR_TOKEN];
  const { businessAccountId } = await run([
    'business:create',
    '--name',
    '投稿商店',
    '--owner-email',
    'post@ope.example',
  ]);
  shopId = String(
    (
      await run([
        'shop:create',
        '--business',
        String(businessAccountId),
        '--shop-id',
        'post-shoten',
        '--name',
        '投稿商店',
      ])
    ).shopId,
  );
});

async function run(args: string[]): Promise<Record<string, unknown>> {
  const result = await ops([...args, ...connection]);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout.trim()) as Record<string, unknown>;
}

async function publicPosts(): Promise<{ postId: string; title: string }[]> {
  const answer = await service.rest('GET', `/api/v1/apps/${shopId}/posts`);
  expect(answer.status).toBe(200);
  return answer.body.items as { postId: string; title: string }[];
}

describe('npm run ops post:create', () => {
  it('creates a Draft by default (not public) and a Published post (public at once)', async () => {
    const draft = await run(['post:create', '--shop', shopId, '--title', '下書き', '--body', 'まだ']);
    expect(Object.keys(draft)).toEqual(['postId']);
    const live = await run([
      'post:create',
      '--shop',
      shopId,
      '--title',
      '公開',
      '--body',
      '本文',
      '--status',
      'Published',
    ]);
    const listed = (await publicPosts()).map((post) => post.postId);
    expect(listed).toContain(live.postId);
    expect(listed).not.toContain(draft.postId);
  });

  it('schedules a post for --publish-at, not public before then', async () => {
    const publishAt = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await run([
      'post:create',
      '--shop',
      shopId,
      '--title',
      '予約',
      '--body',
      '明日から',
      '--status',
      'Scheduled',
      '--publish-at',
      publishAt,
    ]);
    expect((await publicPosts()).map((post) => post.postId)).not.toContain(scheduled.postId);
  });

  it.each([
    ['an unknown status', ['--status', 'Archived'], '--status must be one of'],
    ['Scheduled without --publish-at', ['--status', 'Scheduled'], 'publishAt'],
    ['an unknown shop', ['--shop', 'no-such-shop'], 'app_not_found'],
  ])('fails on %s with a problem on stderr and a non-zero exit', async (_label, extra, expected) => {
    const shop = extra[0] === '--shop' ? [] : ['--shop', shopId];
    const args = ['post:create', ...shop, '--title', 'T', '--body', 'B', ...extra];
    const result = await ops([...args, ...connection]);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(expected);
  });
});
