/**
 * Demo content of さくらマート株式会社 (issue 9) and its demo terminal (issue 8): the shop app
 * `sakura-mart` with its pages, posts and membership card, coupons, the favorites of the demo consumer
 * hanako, and the terminal `DEMO-SHIBUYA-01` at 渋谷店. Each part is loaded only when absent (by fixed
 * ids), so a business's own changes stay; the values pass the services' own checks. A sale expires
 * for claiming 10 minutes after it occurred, so a fresh one is recorded at every load, through the
 * receipts subgraph's recording service.
 */
import type { BaseContext } from '../../subgraphs/kernel/context.js';
import type { EntityManager } from '../../subgraphs/kernel/db/orm.js';
import { loadEnv } from '../../subgraphs/kernel/env.js';
import { Validation } from '../../subgraphs/kernel/errors.js';
import { ShopApp, ShopAppStore } from '../../subgraphs/stores/shop-app/shop-app.entity.js';
import {
  checkNavigation,
  checkPlatforms,
  checkTemplate,
  checkTheme,
  isHttpsUrl,
} from '../../subgraphs/stores/shop-app/shop-app.validation.js';
import { checkCard } from '../../subgraphs/stores/shop-app/membership-card.service.js';
import { BarcodeFormat } from '../../subgraphs/stores/shop-app/membership-card.types.js';
import { AppPage } from '../../subgraphs/stores/page/app-page.entity.js';
import { sanitizePageBody } from '../../subgraphs/stores/page/page.sanitizer.js';
import { AppPost, AppPostStatus } from '../../subgraphs/stores/post/post.entity.js';
import { checkBody, checkTitle } from '../../subgraphs/stores/post/post.validation.js';
import { Coupon, CouponStatus, CouponStore, DiscountKind } from '../../subgraphs/stores/coupon/coupon.entity.js';
import { checkCouponDraft, checkStoreIds, type CouponDraft } from '../../subgraphs/stores/coupon/coupon-validation.js';
import { Terminal } from '../../subgraphs/receipts/terminal/terminal.entity.js';
import { TerminalService } from '../../subgraphs/receipts/terminal/terminal.service.js';
import { RecordingService } from '../../subgraphs/receipts/transaction/recording.service.js';
import { demoId } from './demo-id.js';
import { loadDemoSurveys } from './demo-surveys.js';
import { loadDemoCheckIns } from './demo-check-ins.js';
import { loadDemoCustomer } from './demo-customers.js';
// issue 15: the demo flyer of a favorite store of hanako
import { loadDemoFlyers } from './demo-flyers.js';

/** The demo shop app's public id. */
export const DEMO_SHOP_ID = 'sakura-mart';
/** The demo terminal's public id (at さくらマート 渋谷店). */
export const DEMO_TERMINAL_ID = 'DEMO-SHIBUYA-01';

const SAKURA_MART = demoId(1, 1);
const [SHIBUYA, SHINJUKU, IKEBUKURO] = [demoId(2, 1), demoId(2, 2), demoId(2, 3)];
/** カフェ・ミドリ 表参道 (DEMO_STORES row 21, public). */
const CAFE_OMOTESANDO = demoId(2, 21);
/** hanako@example.com: the first demo user (demo-data.ts, USER_KIND 0x10). */
const HANAKO = demoId(0x10, 1);
/** Id kinds of the demo content rows, apart from those of demo-data.ts. */
const KIND = { shopApp: 0x20, page: 0x21, post: 0x22, coupon: 0x23, favorite: 0x24 } as const;
const DAY = 24 * 3600 * 1000;
const ASSETS = 'https://demo.retail-media.example/sakura-mart';

/** Throws the service's own validation error when a demo value breaks a rule (a bug in this file). */
function validated<T>(check: (v: Validation) => T): T {
  const v = new Validation();
  const value = check(v);
  v.throwIfInvalid('Invalid demo content.');
  return value;
}

/** Loads every part that is absent, then records a fresh sale at the demo terminal. */
export async function loadDemoContent(em: EntityManager, now = new Date()): Promise<void> {
  const shopAppId = await loadShopApp(em);
  if (shopAppId) {
    await loadPages(em, shopAppId, now);
    await loadPosts(em, shopAppId, now);
    await loadDemoCustomer(em, shopAppId, now);
  }
  await loadCoupons(em, now);
  await loadFavorites(em);
  // issue 15: the demo flyer of a favorite store of hanako
  await loadDemoFlyers(em, now);
  await loadDemoSurveys(em);
  await loadDemoCheckIns(em);
  await recordDemoSale(em);
}

/** The shop app and its stores when no app has the demo shopId; the app's id when it is the demo one. */
async function loadShopApp(em: EntityManager): Promise<string | null> {
  const id = demoId(KIND.shopApp, 1);
  const existing = await em.findOne(ShopApp, { shopId: DEMO_SHOP_ID });
  if (existing) return existing.id === id ? id : null;
  if ((await em.count(ShopApp, { id })) > 0) return null;
  const logoUrl = `${ASSETS}/logo.png`;
  const app = validated((v) => {
    v.check(isHttpsUrl(logoUrl), 'logoUrl', 'must be an https URL');
    return {
      template: checkTemplate(v, 'standard'),
      theme: checkTheme(v, { primaryColor: '#D6336C', accentColor: '#F7B2C4', fontFamily: 'rounded' }),
      navigation: checkNavigation(v, [
        { label: 'ホーム', target: 'home' },
        { label: 'お店について', target: 'pages' },
        { label: 'お知らせ', target: 'posts' },
        { label: 'クーポン', target: 'coupons' },
        { label: '営業時間', target: 'business-info' },
        { label: '会員証', target: 'membership-card' },
      ]),
      platforms: checkPlatforms(v, {
        messagingAppId: '2000123456-SakuraMt',
        iosAppStoreId: '6470000001',
        androidPackageName: 'example.sakuramart.app',
      }),
    };
  });
  const membershipCard = {
    ...checkCard({
      ranks: [
        { code: 'regular', name: 'レギュラー', minPoints: 0, color: '#9CA3AF', benefits: ['100円ごとに1ポイント'] },
        {
          code: 'silver',
          name: 'シルバー',
          minPoints: 1000,
          color: '#C0C0C0',
          benefits: ['ポイント1.5倍', '誕生月に100ポイント'],
        },
        {
          code: 'gold',
          name: 'ゴールド',
          minPoints: 5000,
          color: '#D4AF37',
          benefits: ['ポイント2倍', '誕生月に500ポイント', '会員限定セールに先行ご招待'],
        },
      ],
      pointRules: { yenPerPoint: 100, pointsOnSignUp: 100, pointsPerVisit: 5, expiryMonths: 12 },
      design: {
        backgroundColor: '#D6336C',
        foregroundColor: '#FFFFFF',
        labelColor: '#FDE2E9',
        logoText: 'さくらマート会員証',
        barcodeFormat: BarcodeFormat.qr,
      },
    }),
    updatedAt: new Date().toISOString(),
  };
  await em.transactional(async (tx) => {
    tx.create(ShopApp, {
      id,
      shopId: DEMO_SHOP_ID,
      businessAccountId: SAKURA_MART,
      name: 'さくらマート公式アプリ',
      logoUrl,
      ...app,
      membershipCard,
    });
    await tx.flush();
    [SHIBUYA, SHINJUKU, IKEBUKURO].forEach((storeId, position) =>
      tx.create(ShopAppStore, { shopAppId: id, storeId, position }),
    );
  });
  return id;
}

const PAGES = [
  {
    slug: 'about',
    title: 'お店について',
    body: '<h2>さくらマートへようこそ</h2><p>さくらマートは、毎日の食卓を支える<strong>地域密着型のスーパーマーケット</strong>です。産地直送の野菜と、店内で焼き上げるパンが自慢です。</p><ul><li>新鮮な朝どれ野菜</li><li>お惣菜は毎日手づくり</li></ul>',
    published: true,
  },
  {
    slug: 'access',
    title: 'アクセス',
    body: '<h2>アクセス</h2><p>渋谷店：渋谷駅から徒歩5分（道玄坂1-2-3）</p><p>新宿店：新宿駅西口から徒歩7分</p><p>池袋店：池袋駅東口から徒歩3分</p><p><a href="https://demo.retail-media.example/sakura-mart/map">地図を見る</a></p>',
    published: true,
  },
  {
    slug: 'faq',
    title: 'よくある質問',
    body: '<h2>よくある質問</h2><h3>駐車場はありますか？</h3><p>渋谷店・池袋店に提携駐車場があります。2,000円以上のお買い物で1時間無料です。</p><h3>ポイントはどの店舗でも使えますか？</h3><p>はい、全店舗で貯まり、使えます。</p>',
    published: true,
  },
  {
    slug: 'recruit',
    title: 'スタッフ募集（準備中）',
    body: '<p>アルバイト・パートの募集要項を準備中です。</p>',
    published: false,
  },
] as const;

async function loadPages(em: EntityManager, shopAppId: string, now: Date): Promise<void> {
  const ids = PAGES.map((_, i) => demoId(KIND.page, i + 1));
  const present = new Set((await em.find(AppPage, { id: { $in: ids } }, { fields: ['id'] })).map((p) => p.id));
  const taken = new Set((await em.find(AppPage, { shopAppId }, { fields: ['slug', 'position'] })).map((p) => p.slug));
  PAGES.forEach((page, i) => {
    const id = ids[i]!;
    if (present.has(id) || taken.has(page.slug)) return;
    em.create(AppPage, {
      id,
      shopAppId,
      slug: page.slug,
      title: page.title,
      body: sanitizePageBody(page.body),
      published: page.published,
      publishedAt: page.published ? now : null,
      position: i + 1,
    });
  });
  await em.flush();
}

/** Three published (hours to days ago), one scheduled a day after the load, one draft. */
function demoPosts(now: Date) {
  const at = (ms: number) => new Date(now.getTime() + ms);
  return [
    {
      title: '秋の味覚フェア開催中',
      body: '新米・さつまいも・きのこなど、秋の味覚を各店でご用意しています。\n数量限定の品もございますので、お早めにどうぞ。',
      status: AppPostStatus.Published,
      publishAt: null,
      publishedAt: at(-2 * 3600 * 1000),
    },
    {
      title: '池袋店 リニューアルオープンのお知らせ',
      body: '池袋店は店内を改装し、お惣菜コーナーを広げました。\nリニューアル記念のクーポンもぜひご利用ください。',
      status: AppPostStatus.Published,
      publishAt: null,
      publishedAt: at(-DAY),
    },
    {
      title: 'アプリ会員証がはじまりました',
      body: 'レジでアプリの会員証を見せるだけでポイントが貯まります。\n新規登録で100ポイントをプレゼント中です。',
      status: AppPostStatus.Published,
      publishAt: null,
      publishedAt: at(-3 * DAY),
    },
    {
      title: '年末年始の営業時間について',
      body: '大晦日は10時から17時までの短縮営業、元日は休業いたします。',
      status: AppPostStatus.Scheduled,
      publishAt: at(DAY),
      publishedAt: null,
    },
    {
      title: '冬のギフトカタログ（下書き）',
      body: 'お歳暮ギフトのご案内を準備中です。',
      status: AppPostStatus.Draft,
      publishAt: null,
      publishedAt: null,
    },
  ];
}

/**
 * Written directly, not through the post service: publishing there writes `post.published` to the
 * outbox, and demo data is not an event, so none is written (the scheduled one gets its event from the
 * scheduled-posts job when its time comes, like any scheduled post).
 */
async function loadPosts(em: EntityManager, shopAppId: string, now: Date): Promise<void> {
  const posts = demoPosts(now);
  const ids = posts.map((_, i) => demoId(KIND.post, i + 1));
  const present = new Set((await em.find(AppPost, { id: { $in: ids } }, { fields: ['id'] })).map((p) => p.id));
  posts.forEach((post, i) => {
    const id = ids[i]!;
    if (present.has(id)) return;
    const text = validated((v) => ({ title: checkTitle(post.title, v), body: checkBody(post.body, v) }));
    em.create(AppPost, { id, shopAppId, ...post, ...text, imageUrl: null });
  });
  await em.flush();
}

/** Two published coupons valid from a day before the load to 30 days after it, and a draft. */
function demoCoupons(now: Date): (CouponDraft & { status: CouponStatus; storeIds: string[] })[] {
  const validFrom = new Date(now.getTime() - DAY);
  const validTo = new Date(now.getTime() + 30 * DAY);
  const base = { imageUrl: null, limitPerUser: 1, totalLimit: null, validFrom, validTo };
  return [
    {
      ...base,
      title: 'お会計から10%オフ',
      description: '渋谷店・新宿店でのお買い物が10%オフになります。',
      terms: '1会計1回限り。酒類・たばこ・ギフト券は対象外です。',
      benefit: '10%オフ',
      discount: { kind: DiscountKind.percent, value: 10 },
      status: CouponStatus.published,
      storeIds: [SHIBUYA, SHINJUKU],
    },
    {
      ...base,
      title: 'リニューアル記念 200円引き',
      description: '池袋店のリニューアルを記念して、2,000円以上のお買い物で200円引きします。',
      terms: '税込2,000円以上のお買い物が対象です。他のクーポンとの併用はできません。',
      benefit: '200円引き',
      discount: { kind: DiscountKind.amount, value: 200 },
      status: CouponStatus.published,
      storeIds: [IKEBUKURO],
    },
    {
      ...base,
      title: '年末大感謝祭クーポン（準備中）',
      description: '年末の大感謝祭で使えるクーポンです。',
      terms: '',
      benefit: '500円引き',
      discount: { kind: DiscountKind.amount, value: 500 },
      status: CouponStatus.draft,
      storeIds: [SHIBUYA, SHINJUKU, IKEBUKURO],
    },
  ];
}

/**
 * Written directly, not through the coupon service: demo data is not an event, so the published ones
 * get no `coupon.published` outbox row.
 */
async function loadCoupons(em: EntityManager, now: Date): Promise<void> {
  const coupons = demoCoupons(now);
  const ids = coupons.map((_, i) => demoId(KIND.coupon, i + 1));
  if ((await em.count(Coupon, { id: { $in: ids } })) === 0 && (await businessExists(em)))
    await em.transactional(async (tx) => {
      coupons.forEach((coupon, i) => {
        validated((v) => (checkCouponDraft(v, coupon), checkStoreIds(v, coupon.storeIds)));
        const { discount, storeIds: _storeIds, ...fields } = coupon;
        tx.create(Coupon, {
          ...fields,
          id: ids[i]!,
          businessAccountId: SAKURA_MART,
          discountKind: discount?.kind ?? null,
          discountValue: discount?.value ?? null,
          publishedAt: coupon.status === CouponStatus.published ? coupon.validFrom : null,
        });
      });
      await tx.flush();
      coupons.forEach((coupon, i) =>
        coupon.storeIds.forEach((storeId) => tx.create(CouponStore, { couponId: ids[i]!, storeId })),
      );
    });
}

const businessExists = async (em: EntityManager) =>
  (await em.execute<unknown[]>('select 1 from "business_account" where "id" = ?', [SAKURA_MART])).length > 0;

/** hanako's favorites (渋谷店, 池袋店, カフェ・ミドリ 表参道), each when absent and both rows exist. */
async function loadFavorites(em: EntityManager): Promise<void> {
  const rows = [SHIBUYA, IKEBUKURO, CAFE_OMOTESANDO].map((storeId, i) => ({
    id: demoId(KIND.favorite, i + 1),
    user_id: HANAKO,
    store_id: storeId,
  }));
  await em.execute(
    `insert into "favorite_store" ("id", "created_at", "updated_at", "user_id", "store_id")
     select r."id", now(), now(), r."user_id", r."store_id"
     from jsonb_to_recordset(?::jsonb) as r("id" uuid, "user_id" uuid, "store_id" uuid)
     where exists (select 1 from "store" s where s."id" = r."store_id")
       and exists (select 1 from "user_account" u where u."id" = r."user_id")
     on conflict do nothing`,
    [JSON.stringify(rows)],
  );
}

/**
 * The demo terminal (created when absent, multiple claims allowed) and a fresh sale on it, both
 * through the receipts services as the operator: the sale passes recordTransaction's checks and
 * writes its `purchase.completed` event like any recorded sale. Prices include tax: food at 8%,
 * the rest at 10%.
 */
async function recordDemoSale(em: EntityManager): Promise<void> {
  if ((await em.count(Terminal, { publicTerminalId: DEMO_TERMINAL_ID })) === 0) {
    const store = await em.execute<unknown[]>('select 1 from "store" where "id" = ?', [SHIBUYA]);
    if (store.length === 0) return;
    await new TerminalService(operatorContext(em)).create({
      storeId: SHIBUYA,
      publicTerminalId: DEMO_TERMINAL_ID,
      allowMultipleClaims: true,
    });
  }
  // The rice balls and the tea are さくらマート's demo products (demo-catalog.ts): by their SKUs the sale
  // lowers their stock on 渋谷店's floor, at each load (the toothbrush is not in the catalogue).
  const items = [
    { name: 'おにぎり 鮭', unitPrice: 162, quantity: 2, sku: 'SM-ONIGIRI-SAKE' },
    { name: '緑茶 500ml', unitPrice: 151, quantity: 1, sku: 'SM-TEA-500' },
    { name: '歯ブラシ', unitPrice: 330, quantity: 1 },
  ];
  // 8%: 324 + 151 = 475, tax 475 × 8/108 = 35.2 → 35; 10%: 330, tax 330 × 10/110 = 30.
  await new RecordingService(operatorContext(em), new TerminalService(operatorContext(em))).record({
    publicTerminalId: DEMO_TERMINAL_ID,
    totalAmount: 805,
    currency: 'JPY',
    items,
    taxes: [
      { rateBasisPoints: 800, taxableAmount: 475, taxAmount: 35 },
      { rateBasisPoints: 1000, taxableAmount: 330, taxAmount: 30 },
    ],
  });
}

/** The operator's context on `em` (the terminal and recording services read no setting: a default env). */
function operatorContext(em: EntityManager): BaseContext {
  return { requestId: 'demo-data', principal: { kind: 'operator' }, em: em.fork(), env: loadEnv({}) };
}
