/** The operator CLI's shop app commands end to end: the built `ops.js` against a one-process service. */
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestService, TEST_OPERATOR_TOKEN, type TestService } from '../test/harness.js';
import { runOps as ops } from '../test/ops-runner.js';

let service: TestService;
let connection: string[];
beforeAll(async () => {
  service = await startTestService();
  connection = ['--url', `${service.url}/graphql`, '--token', TEST_OPERATOR_TOKEN];
});

async function run(args: string[]): Promise<Record<string, unknown>> {
  const result = await ops([...args, ...connection]);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout.trim()) as Record<string, unknown>;
}

describe('npm run ops shop:create', () => {
  it('creates the shop app of a business showing its stores, in order', async () => {
    const { businessAccountId } = await run([
      'business:create',
      '--name',
      'アプリ商店',
      '--owner-email',
      'app@ope.example',
    ]);
    const store = async (name: string) =>
      String(
        (
          await run([
            'store:create',
            '--business',
            String(businessAccountId),
            '--name',
            name,
            '--prefecture',
            '13',
            '--store-type',
            'supermarket',
            '--public',
          ])
        ).storeId,
      );
    const [first, second] = [await store('アプリ商店 本店'), await store('アプリ商店 駅前店')];
    const shop = await run([
      'shop:create',
      '--business',
      String(businessAccountId),
      '--shop-id',
      'app-shoten',
      '--name',
      'アプリ商店',
      '--store',
      second,
      '--store',
      first,
    ]);
    expect(shop).toEqual({ shopId: 'app-shoten' });
    const read = await service.graphql<{ shopApp: { name: string; storeIds: string[] } }>(
      'query { shopApp(shopId: "app-shoten") { name storeIds } }',
    );
    expect(read.data?.shopApp).toEqual({ name: 'アプリ商店', storeIds: [second, first] });

    const taken = await ops([
      'shop:create',
      '--business',
      String(businessAccountId),
      '--shop-id',
      'app-shoten',
      '--name',
      'x',
      ...connection,
    ]);
    expect(taken.code).not.toBe(0);
    expect(taken.stderr).toContain('shop_id_taken');
  });
});

describe('npm run ops page:create', () => {
  it('adds a page to a shop app, published when asked, sanitized', async () => {
    const { businessAccountId } = await run([
      'business:create',
      '--name',
      'ページ商店',
      '--owner-email',
      'page@ope.example',
    ]);
    await run([
      'shop:create',
      '--business',
      String(businessAccountId),
      '--shop-id',
      'page-shoten',
      '--name',
      'ページ商店',
    ]);
    const page = await run([
      'page:create',
      '--shop',
      'page-shoten',
      '--slug',
      'about',
      '--title',
      '私たちについて',
      '--body',
      '<p>創業100年</p><script>x()</script>',
      '--published',
    ]);
    expect(page).toEqual({ shopId: 'page-shoten', slug: 'about' });
    const read = await service.rest('GET', '/api/v1/apps/page-shoten/pages/about');
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ title: '私たちについて', body: '<p>創業100年</p>' });
    expect(
      await run(['page:create', '--shop', 'page-shoten', '--slug', 'draft', '--title', 'T', '--body', 'B']),
    ).toEqual({
      shopId: 'page-shoten',
      slug: 'draft',
    });
    expect((await service.rest('GET', '/api/v1/apps/page-shoten/pages/draft')).status).toBe(404);

    const taken = await ops([
      'page:create',
      '--shop',
      'page-shoten',
      '--slug',
      'about',
      '--title',
      'T',
      '--body',
      'B',
      ...connection,
    ]);
    expect(taken.code).not.toBe(0);
    expect(taken.stderr).toContain('slug_taken');
  });
});
