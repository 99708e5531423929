/**
 * The demo content after `npm start` (issue 9 acceptance, issue 8 demo terminal): the demo shop's six
 * public content rows, the demo consumer's favorites and coupons and the demo terminal's last receipt
 * all answer real data through the facade; loading the demo data again adds nothing but a fresh sale.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { rootEntityManager } from '../../subgraphs/kernel/db/orm.js';
import { registerApp, tokensFor } from '../../test/fixtures/oauth.fixtures.js';
import { startTestService, type TestService } from '../../test/harness.js';
import { DEMO_SHOP_ID, DEMO_TERMINAL_ID } from './demo-content.js';
import { loadDemoData } from './demo-data.js';
import { DEMO_SURVEY_TOKEN } from './demo-surveys.js';

let service: TestService;
const em = () => rootEntityManager(service.orm).fork();
const APP = `/api/v1/apps/${DEMO_SHOP_ID}`;

beforeAll(async () => {
  service = await startTestService({ demoData: true, firstDemoLoad: true });
});

async function getJson(path: string, token?: string): Promise<unknown> {
  const response = await service.call(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  expect(response.status, `${path}: ${response.status}`).toBe(200);
  return response.json();
}
type Row = Record<string, unknown>;

async function hanakoToken(): Promise<string> {
  const rows = await em().execute<{ id: string }[]>('select "id" from "user_account" where "email" = ?', [
    'hanako@example.com',
  ]);
  const scopes = ['user.favorites.read', 'user.coupons.read'];
  const app = await registerApp(service, scopes);
  return (await tokensFor(service, app, rows[0]!.id, { scopes })).accessToken;
}

describe('demo content', () => {
  it('answers the shop app manifest with its identity, theme, navigation, platforms and three stores', async () => {
    const manifest = (await getJson(`${APP}/manifest`)) as Row;
    expect(manifest).toMatchObject({
      shopId: 'sakura-mart',
      name: 'さくらマート公式アプリ',
      template: 'standard',
      platforms: {
        messagingAppId: expect.stringMatching(/^\d{10}-/),
        iosAppStoreId: expect.any(String),
        androidPackageName: expect.any(String),
      },
    });
    expect(manifest.logoUrl).toMatch(/^https:\/\/demo\.retail-media\.example\//);
    expect(JSON.stringify(manifest.theme)).toContain('#D6336C');
    expect((manifest.navigation as Row[]).map((n) => n.target)).toEqual([
      'home',
      'pages',
      'posts',
      'coupons',
      'business-info',
      'membership-card',
    ]);
    expect((manifest.stores as Row[]).map((s) => s.name)).toEqual([
      'さくらマート 渋谷店',
      'さくらマート 新宿店',
      'さくらマート 池袋店',
    ]);
  });

  it('answers the published pages (not the draft) and a page body', async () => {
    const pages = (await getJson(`${APP}/pages`)) as { items: Row[] };
    expect(pages.items.map((p) => p.slug)).toEqual(['about', 'access', 'faq']);
    const about = (await getJson(`${APP}/pages/about`)) as Row;
    expect(about).toMatchObject({ title: 'お店について' });
    expect(about.body).toContain('<h2>さくらマートへようこそ</h2>');
    expect((await service.call(`${APP}/pages/recruit`)).status).toBe(404);
  });

  it('answers three published posts, newest first, and not yet the scheduled one', async () => {
    const posts = (await getJson(`${APP}/posts`)) as { items: Row[] };
    expect(posts.items).toHaveLength(3);
    expect(posts.items[0]).toMatchObject({ title: '秋の味覚フェア開催中' });
    const times = posts.items.map((p) => Date.parse(p.publishedAt as string));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(times.every((t) => t < Date.now())).toBe(true);
  });

  it('answers business info and the membership card of three ranks', async () => {
    const info = (await getJson(`${APP}/business-info`)) as Row;
    expect(JSON.stringify(info)).toContain('"opens"');
    const card = (await getJson(`${APP}/membership-card-config`)) as { enabled: boolean; ranks: Row[] };
    expect(card.enabled).toBe(true);
    expect(card.ranks.map((r) => r.name)).toEqual(['レギュラー', 'シルバー', 'ゴールド']);
    expect(card.ranks.map((r) => r.minPoints)).toEqual([0, 1000, 5000]);
  });

  it("answers hanako's favorites and the coupons of her favorite stores", async () => {
    const token = await hanakoToken();
    const favorites = (await getJson('/api/v1/user/favorites', token)) as Row[];
    expect(favorites).toHaveLength(3);
    const coupons = (await getJson('/api/v1/user/coupons', token)) as Row[];
    expect(coupons.length).toBeGreaterThan(0);
    expect(JSON.stringify(coupons)).toContain('200円引き');
    expect(JSON.stringify(coupons)).not.toContain('準備中');
  });

  it("answers the demo terminal's last receipt, a sale that adds up", async () => {
    const receipt = (await getJson(`/api/v1/terminals/${DEMO_TERMINAL_ID}/last-receipt`)) as Row;
    expect(JSON.stringify(receipt)).toContain('おにぎり 鮭');
  });

  it('answers the anonymous demo survey and records a device’s answers', async () => {
    const preview = (await getJson(`/api/v1/surveys/campaign/${DEMO_SURVEY_TOKEN}`)) as Row;
    expect(preview).toMatchObject({ status: 'open', isAnonymous: true, name: 'カフェ・ミドリ ご来店アンケート' });
    expect((preview.questions as Row[]).map((q) => q.kind)).toEqual([
      'single_choice',
      'multiple_choice',
      'rating',
      'free_text',
    ]);
    const submitted = await service.rest('POST', '/api/v1/surveys/responses', undefined, {
      token: DEMO_SURVEY_TOKEN,
      deviceId: 'demo-device-0001',
      answers: [
        { questionId: 'visit', choices: ['初めて'] },
        { questionId: 'score', rating: 5 },
      ],
    });
    expect(submitted.body).toMatchObject({ status: 'recorded' });
  });

  it('loads nothing twice, keeps what the business changed, and records a fresh sale at each load', async () => {
    await em().execute(
      `update "app_post" set "title" = 'お店で書き直した題' where "title" = '冬のギフトカタログ（下書き）'`,
    );
    const tables = [
      'shop_app',
      'shop_app_store',
      'app_page',
      'app_post',
      'coupon',
      'coupon_store',
      'favorite_store',
      'terminal',
      'survey_campaign',
    ];
    // Every row of every table as text: any insert, update or delete changes it.
    const contents = async () =>
      Promise.all(
        tables.map(
          async (t) =>
            (
              await em().execute<{ rows: string | null }[]>(
                `select string_agg(t::text, '|' order by t::text) as "rows" from "${t}" t`,
              )
            )[0]!.rows,
        ),
      );
    const sales = async () =>
      Number((await em().execute<{ n: string }[]>('select count(*) as "n" from "transaction"'))[0]!.n);
    const [before, salesBefore] = [await contents(), await sales()];
    await loadDemoData(service.orm, { publicUrl: service.env.publicUrl });
    expect(await contents()).toEqual(before);
    expect(before.join()).toContain('お店で書き直した題');
    expect(await sales()).toBe(salesBefore + 1);
  });
});
