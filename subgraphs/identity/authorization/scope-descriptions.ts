/** What each scope lets an app do, in the words the consent page shows (the public interface, Scopes). */
import type { Scope } from '../../kernel/auth/scopes.js';

/** A scope's description in Japanese and English. */
export interface ScopeText {
  readonly ja: string;
  readonly en: string;
}

export const SCOPE_DESCRIPTIONS: Readonly<Record<Scope, ScopeText>> = {
  'store.products.read': { ja: '商品と在庫情報の閲覧', en: 'Read products and inventory information' },
  'store.products.write': {
    ja: '商品と在庫情報の作成・更新',
    en: 'Create and update products and inventory information',
  },
  'store.orders.read': { ja: '注文の閲覧', en: 'Read orders' },
  'store.orders.write': { ja: '注文ステータスの更新', en: 'Update order status' },
  'store.customers.read': { ja: '顧客の閲覧', en: 'Read customers' },
  'store.customers.write': { ja: '顧客の作成・更新・削除', en: 'Create, update and delete customers' },
  'store.coupons.read': { ja: 'クーポンの閲覧', en: 'Read coupons' },
  'store.coupons.write': { ja: 'クーポンの作成・更新', en: 'Create and update coupons' },
  'store.inventory.read': { ja: '倉庫と在庫の閲覧', en: 'Read warehouses and stock' },
  'store.inventory.write': { ja: '在庫の調整と棚卸結果の反映', en: 'Adjust stock and apply stocktake results' },
  'store.flyers.read': { ja: 'チラシの閲覧', en: 'Read flyers' },
  'store.flyers.write': { ja: 'チラシの作成・更新・公開', en: 'Create, update and publish flyers' },
  'store.staff.read': { ja: 'スタッフの閲覧', en: 'Read staff' },
  'store.staff.write': { ja: '従業員の作成・更新・削除', en: 'Create, update and delete employees' },
  'store.business-hours.read': { ja: '営業時間の閲覧', en: 'Read business hours' },
  'store.business-hours.write': {
    ja: '営業時間・特別営業日・勤務可能時間の更新',
    en: 'Update business hours, special days and available working hours',
  },
  'store.reservations.read': { ja: '予約・枠・席の閲覧', en: 'Read reservations, slots and seats' },
  'store.reservations.write': {
    ja: '予約の作成・変更、ステータス更新、枠の生成',
    en: 'Create and change reservations, update their status, generate slots',
  },
  'store.info.read': { ja: '店舗の基本情報の閲覧', en: 'Read basic store information' },
  'store.info.write': {
    ja: '店舗の基本情報（名称・連絡先・住所）の更新',
    en: 'Update basic store information (name, contact, address)',
  },
  'store.receipts.write': {
    ja: '店舗の端末での取引（レシート）の記録と、取引 QR トークンの取り消し',
    en: "Record transactions (receipts) at the business's terminals and revoke transaction-QR tokens",
  },
  'store.campaigns.read': {
    ja: 'チェックイン・アンケートキャンペーンとその結果の閲覧',
    en: 'Read check-in and survey campaigns and their results',
  },
  'store.campaigns.write': {
    ja: 'チェックイン・アンケートキャンペーンの作成・更新',
    en: 'Create and update check-in and survey campaigns',
  },
  'crm.profiles.read': { ja: 'CRM 顧客プロフィールの閲覧', en: 'Read CRM customer profiles' },
  'crm.segments.read': { ja: 'CRM セグメントとリストの閲覧', en: 'Read CRM segments and lists' },
  'sns.content.read': { ja: 'SNS 投稿の閲覧', en: 'Read social posts' },
  'sns.content.write': {
    ja: 'SNS 投稿の作成・更新・公開・予約・削除',
    en: 'Create, update, publish, schedule and delete social posts',
  },
  'sns.audience.read': { ja: 'オーディエンスデータの閲覧', en: 'Read audience data' },
  'analytics.read': { ja: '分析スナップショットの閲覧', en: 'Read analytics snapshots' },
  'sales.read': {
    ja: '売上レポート・取引データ・ビジネスインサイトの閲覧',
    en: 'Read sales reports, transaction data and business insights',
  },
  'user.profile.read': { ja: 'あなたの基本情報の閲覧', en: 'Read your basic information' },
  'user.profile.write': { ja: 'あなたの基本情報の更新', en: 'Update your basic information' },
  'user.receipts.read': { ja: 'あなたのレシートの閲覧', en: 'Read your receipts' },
  'user.spending.read': { ja: '月ごとの支出サマリーの閲覧', en: 'Read your monthly spending summary' },
  'user.spending.write': { ja: '支出と予算データの更新', en: 'Update your spending and budget data' },
  'user.coupons.read': { ja: 'お気に入り店舗のクーポンの閲覧', en: 'Read coupons from your favorite stores' },
  'user.favorites.read': { ja: 'お気に入り店舗の閲覧', en: 'Read your favorite stores' },
  'user.favorites.write': { ja: 'お気に入り店舗の追加と削除', en: 'Add and remove favorite stores' },
};
