/**
 * Deterministic demo data, loaded once (when the first demo business is absent): four businesses and
 * 36 stores across eight prefectures and several store types; some unlisted, some known only by a
 * place-directory id. Also three sign-in accounts and two OAuth apps (each loaded when absent, so older
 * demo databases get them too). Fixed ids, so docs and scripts can name them.
 */
import { randomBytes } from 'node:crypto';
import type { EntityManager, Orm } from '../../subgraphs/kernel/db/orm.js';
import { rootEntityManager } from '../../subgraphs/kernel/db/orm.js';
import { BusinessAccount, bindOwner, User } from '../../subgraphs/identity/index.js';
import { passwordHasher } from '../../subgraphs/identity/user/password-hasher.js';
import { Store } from '../../subgraphs/stores/index.js';
import { demoApps, demoRedirectUris, loadDemoApps } from './demo-apps.js';
import { loadDemoBusinessCustomers } from './demo-business-customers.js';
import { loadDemoCatalog } from './demo-catalog.js';
import { DEMO_SHOP_ID, DEMO_TERMINAL_ID, loadDemoContent } from './demo-content.js';
import { DEMO_CUSTOMER_ID } from './demo-customers.js';
import { loadDemoHours } from './demo-hours.js';
import { demoId } from './demo-id.js';
import { loadDemoStaff } from './demo-staff.js';
import { loadDemoOrders } from './demo-orders.js';
import { loadDemoReservations } from './demo-reservations.js';
import { loadDemoSales } from './demo-sales.js';

export interface DemoSummary {
  readonly loaded: boolean;
  readonly businesses: number;
  readonly stores: number;
  readonly users: number;
  readonly apps: number;
  readonly sampleStoreId: string;
  /** The demo shop app's shopId (`/api/v1/apps/{shopId}/...`). */
  readonly shopId: string;
  /** The demo terminal's public id, with a fresh sale recorded at this load (`/receipts/terminal/{id}`). */
  readonly terminalId: string;
  /** The demo customer (hanako at the demo shop app): `{customerId}` of `/api/v1/apps/{shopId}/wallet/...`. */
  readonly customerId: string;
}

/**
 * Demo sign-in accounts with published passwords (README, demo section): a consumer, and the owners
 * of two demo businesses (verified, and bound as owners by {@link bindDemoOwners}). They satisfy the password policy; they are
 * for demos only. Kept to three: each costs an argon2id hash when the demo data loads.
 */
export const DEMO_USERS = [
  { email: 'hanako@example.com', password: 'hanako loves green tea', displayName: '山田 花子' },
  { email: 'owner@sakura-mart.example', password: 'sakura mart opens at nine', displayName: 'さくらマート オーナー' },
  {
    email: 'owner@cafe-midori.example',
    password: 'midori cafe roasts its own beans',
    displayName: 'カフェ・ミドリ オーナー',
  },
] as const;

/** Id kind of demo users in {@link demoId}, well apart from the kinds of other demo rows. */
const USER_KIND = 0x10;

/** The demo OAuth apps (processes/demo/demo-apps.ts), with their published client secrets. */
export const DEMO_APPS = demoApps({
  firstParty: demoId(0x11, 1),
  partner: demoId(0x11, 2),
  sakuraMart: demoId(1, 1),
  receiptPage: demoId(0x11, 3),
  dashboard: demoId(0x11, 4),
});

/**
 * Creates the demo users that are absent (by id or by email). Returns how many were created. Without
 * `published`, each gets a random password nobody is told (production: see loadDemoData).
 */
async function loadDemoUsers(em: EntityManager, published: boolean): Promise<number> {
  const ids = DEMO_USERS.map((_, i) => demoId(USER_KIND, i + 1));
  const existing = await em.find(User, {
    $or: [{ id: { $in: ids } }, { email: { $in: DEMO_USERS.map((u) => u.email) } }],
  });
  const missing = DEMO_USERS.map((user, i) => ({ ...user, id: ids[i] ?? '' })).filter(
    (user) => !existing.some((e) => e.id === user.id || e.email === user.email),
  );
  if (missing.length === 0) return 0;
  const hashes = await Promise.all(
    missing.map((user) => passwordHasher.hash(published ? user.password : randomBytes(32).toString('base64url'))),
  );
  missing.forEach((user, i) =>
    em.create(User, {
      id: user.id,
      email: user.email,
      passwordHash: hashes[i],
      displayName: user.displayName,
      emailVerifiedAt: new Date(),
    }),
  );
  await em.flush();
  return missing.length;
}

export const DEMO_BUSINESSES = [
  { name: 'さくらマート株式会社', ownerEmail: 'owner@sakura-mart.example' },
  { name: 'ひかりドラッグ', ownerEmail: 'owner@hikari-drug.example' },
  { name: 'カフェ・ミドリ', ownerEmail: 'owner@cafe-midori.example' },
  { name: '東西電機', ownerEmail: 'owner@tozai-denki.example' },
] as const;

export type DemoStoreVisibility = 'public' | 'place' | 'unlisted';
// [business index, name, kana, prefecture code, store type, address, visibility]
// prettier-ignore
export const DEMO_STORES: ReadonlyArray<readonly [number, string, string, string, string, string, DemoStoreVisibility]> = [
  [0, 'さくらマート 渋谷店', 'サクラマート シブヤテン', '13', 'supermarket', '渋谷区道玄坂1-2-3', 'public'],
  [0, 'さくらマート 新宿店', 'サクラマート シンジュクテン', '13', 'supermarket', '新宿区西新宿2-8-1', 'public'],
  [0, 'さくらマート 池袋店', 'サクラマート イケブクロテン', '13', 'supermarket', '豊島区南池袋1-28-1', 'public'],
  [0, 'さくらマート 吉祥寺店', 'サクラマート キチジョウジテン', '13', 'supermarket', '武蔵野市吉祥寺本町1-1-1', 'place'],
  [0, 'さくらマート 横浜駅前店', 'サクラマート ヨコハマエキマエテン', '14', 'supermarket', '横浜市西区南幸1-5-1', 'public'],
  [0, 'さくらマート 川崎店', 'サクラマート カワサキテン', '14', 'supermarket', '川崎市川崎区駅前本町26-1', 'public'],
  [0, 'さくらマート 梅田店', 'サクラマート ウメダテン', '27', 'supermarket', '大阪市北区梅田3-1-1', 'public'],
  [0, 'さくらマート 難波店', 'サクラマート ナンバテン', '27', 'supermarket', '大阪市中央区難波5-1-60', 'unlisted'],
  [0, 'さくらマート 名駅店', 'サクラマート メイエキテン', '23', 'supermarket', '名古屋市中村区名駅1-1-4', 'public'],
  [0, 'さくらマート 天神店', 'サクラマート テンジンテン', '40', 'supermarket', '福岡市中央区天神2-11-1', 'public'],
  [0, 'さくらマート エクスプレス 丸の内', 'サクラマート エクスプレス マルノウチ', '13', 'convenience_store', '千代田区丸の内1-9-1', 'public'],
  [0, 'さくらマート エクスプレス 大手町', 'サクラマート エクスプレス オオテマチ', '13', 'convenience_store', '千代田区大手町1-6-1', 'unlisted'],
  [1, 'ひかりドラッグ 銀座店', 'ヒカリドラッグ ギンザテン', '13', 'drugstore', '中央区銀座4-6-16', 'public'],
  [1, 'ひかりドラッグ 上野店', 'ヒカリドラッグ ウエノテン', '13', 'drugstore', '台東区上野4-9-6', 'public'],
  [1, 'ひかりドラッグ 中野店', 'ヒカリドラッグ ナカノテン', '13', 'drugstore', '中野区中野5-52-15', 'place'],
  [1, 'ひかりドラッグ 藤沢店', 'ヒカリドラッグ フジサワテン', '14', 'drugstore', '藤沢市南藤沢2-1-1', 'public'],
  [1, 'ひかりドラッグ 京都四条店', 'ヒカリドラッグ キョウトシジョウテン', '26', 'drugstore', '京都市下京区四条通烏丸東入', 'public'],
  [1, 'ひかりドラッグ 札幌駅前店', 'ヒカリドラッグ サッポロエキマエテン', '01', 'drugstore', '札幌市北区北6条西4-2-2', 'public'],
  [1, 'ひかりドラッグ 博多店', 'ヒカリドラッグ ハカタテン', '40', 'drugstore', '福岡市博多区博多駅中央街1-1', 'unlisted'],
  [1, 'ひかりドラッグ 栄店', 'ヒカリドラッグ サカエテン', '23', 'drugstore', '名古屋市中区栄3-5-1', 'public'],
  [2, 'カフェ・ミドリ 表参道', 'カフェ ミドリ オモテサンドウ', '13', 'cafe', '渋谷区神宮前4-12-10', 'public'],
  [2, 'カフェ・ミドリ 代官山', 'カフェ ミドリ ダイカンヤマ', '13', 'cafe', '渋谷区代官山町20-23', 'place'],
  [2, 'カフェ・ミドリ 鎌倉', 'カフェ ミドリ カマクラ', '14', 'cafe', '鎌倉市小町1-6-15', 'public'],
  [2, 'カフェ・ミドリ 祇園', 'カフェ ミドリ ギオン', '26', 'cafe', '京都市東山区祇園町南側570', 'public'],
  [2, 'カフェ・ミドリ 嵐山', 'カフェ ミドリ アラシヤマ', '26', 'cafe', '京都市右京区嵯峨天龍寺造路町20', 'unlisted'],
  [2, 'ミドリ ベーカリー 中目黒', 'ミドリ ベーカリー ナカメグロ', '13', 'bakery', '目黒区上目黒1-22-4', 'public'],
  [2, 'ミドリ ベーカリー 心斎橋', 'ミドリ ベーカリー シンサイバシ', '27', 'bakery', '大阪市中央区心斎橋筋1-7-1', 'public'],
  [2, 'カフェ・ミドリ 小樽', 'カフェ ミドリ オタル', '01', 'cafe', '小樽市堺町6-13', 'place'],
  [3, '東西電機 秋葉原本店', 'トウザイデンキ アキハバラホンテン', '13', 'electronics', '千代田区外神田1-15-16', 'public'],
  [3, '東西電機 有楽町店', 'トウザイデンキ ユウラクチョウテン', '13', 'electronics', '千代田区有楽町1-11-1', 'public'],
  [3, '東西電機 なんば店', 'トウザイデンキ ナンバテン', '27', 'electronics', '大阪市浪速区難波中2-10-70', 'public'],
  [3, '東西電機 名古屋店', 'トウザイデンキ ナゴヤテン', '23', 'electronics', '名古屋市中村区椿町6-9', 'place'],
  [3, '東西電機 福岡店', 'トウザイデンキ フクオカテン', '40', 'electronics', '福岡市博多区博多駅前2-1-1', 'public'],
  [3, '東西電機 札幌店', 'トウザイデンキ サッポロテン', '01', 'electronics', '札幌市中央区北5条西2-1', 'unlisted'],
  [3, '東西電機 ホームセンター 相模原', 'トウザイデンキ ホームセンター サガミハラ', '14', 'home_center', '相模原市中央区相模原2-1-1', 'public'],
  [3, '東西電機 アウトレット 木更津', 'トウザイデンキ アウトレット キサラヅ', '12', 'electronics', '木更津市金田東3-1-1', 'public'],
];

/** Options of {@link loadDemoData}. */
export interface DemoDataOptions {
  /**
   * Seed the published demo passwords and client secrets (default true). False in production: the
   * demo accounts and apps get random credentials that are never printed (and the published ones are
   * refused there anyway, see subgraphs/identity/published-demo-credentials.ts).
   */
  readonly publishedCredentials?: boolean;
  /** The service's public base URL: the demo apps accept `${publicUrl}/demo/callback`. Default `http://localhost:4000`. */
  readonly publicUrl?: string;
}

/** Loads the demo data unless it is already there. Idempotent; businesses and stores in one transaction. */
export async function loadDemoData(orm: Orm, options: DemoDataOptions = {}): Promise<DemoSummary> {
  const published = options.publishedCredentials ?? true;
  const apps = published
    ? DEMO_APPS
    : DEMO_APPS.map((app) => ({ ...app, clientSecret: `rmps_${randomBytes(32).toString('base64url')}` }));
  const redirectUris = demoRedirectUris(options.publicUrl ?? 'http://localhost:4000');
  const em = rootEntityManager(orm).fork();
  const sampleStoreId = demoId(2, 1);
  const usersLoaded = await loadDemoUsers(em, published);
  const counts = {
    businesses: DEMO_BUSINESSES.length,
    stores: DEMO_STORES.length,
    users: DEMO_USERS.length,
    apps: DEMO_APPS.length,
    sampleStoreId,
    shopId: DEMO_SHOP_ID,
    terminalId: DEMO_TERMINAL_ID,
    customerId: DEMO_CUSTOMER_ID,
  };
  const present = await em.count(BusinessAccount, { id: demoId(1, 1) });
  if (present > 0) {
    const appsLoaded = await loadDemoApps(em, apps, redirectUris);
    await bindDemoOwners(em);
    await loadDemoHours(em, demoStoreHoursTargets());
    // The catalogue before the content: the fresh demo sale sells its products (by SKU).
    await loadDemoCatalog(em);
    await loadDemoContent(em);
    await loadDemoStaff(em);
    await loadDemoBusinessCustomers(em);
    await loadDemoOrders(em);
    await loadDemoReservations(em);
    // Tops up the sales history to yesterday (the days since the last start).
    await loadDemoSales(em);
    return { loaded: usersLoaded + appsLoaded > 0, ...counts };
  }
  await loadDemoBusinesses(em);
  await loadDemoApps(em, apps, redirectUris);
  await bindDemoOwners(em);
  await loadDemoHours(em, demoStoreHoursTargets());
  // The catalogue before the content: the fresh demo sale sells its products (by SKU).
  await loadDemoCatalog(em);
  await loadDemoContent(em);
  await loadDemoStaff(em);
  await loadDemoBusinessCustomers(em);
  await loadDemoOrders(em);
  await loadDemoReservations(em);
  await loadDemoSales(em);
  return { loaded: true, ...counts };
}

/**
 * The demo owners are verified and bound to their businesses, as an accepted owner invitation would
 * do (idempotent, so demo databases from before ownership by invitation get it too). Businesses whose
 * owner has no demo account (東西電機, ひかりドラッグ) stay unowned until an invitation is accepted.
 */
async function bindDemoOwners(em: EntityManager): Promise<void> {
  const ids = DEMO_USERS.map((_, i) => demoId(USER_KIND, i + 1));
  await em.nativeUpdate(User, { id: { $in: ids }, emailVerifiedAt: null }, { emailVerifiedAt: new Date() });
  // Only demo users that exist under their demo id (one may have been taken by its email before).
  const present = new Set((await em.find(User, { id: { $in: ids } }, { fields: ['id'] })).map((u) => u.id));
  for (const [i, business] of DEMO_BUSINESSES.entries()) {
    const owner = ids[DEMO_USERS.findIndex((u) => u.email === business.ownerEmail)];
    if (owner && present.has(owner)) await bindOwner(em, demoId(1, i + 1), owner, null);
  }
}

/** Every demo store with its type, for {@link loadDemoHours}. */
const demoStoreHoursTargets = () => DEMO_STORES.map(([, , , , storeType], i) => ({ id: demoId(2, i + 1), storeType }));

/** The demo businesses and stores, in one transaction. */
async function loadDemoBusinesses(em: EntityManager): Promise<void> {
  await em.transactional(async (tx) => {
    DEMO_BUSINESSES.forEach((b, i) => tx.create(BusinessAccount, { id: demoId(1, i + 1), ...b }));
    // Stores reference businesses by a plain foreign key the ORM does not order by, so flush first.
    await tx.flush();
    DEMO_STORES.forEach(([business, name, nameKana, prefectureCode, storeType, address, visibility], i) =>
      tx.create(Store, {
        id: demoId(2, i + 1),
        businessAccountId: demoId(1, business + 1),
        name,
        nameKana,
        prefectureCode,
        storeType,
        address,
        phone: `03-0000-${String(1000 + i).padStart(4, '0')}`,
        isPublicListing: visibility === 'public',
        placeId: visibility === 'place' ? `place-${String(i + 1).padStart(4, '0')}` : null,
      }),
    );
  });
}
