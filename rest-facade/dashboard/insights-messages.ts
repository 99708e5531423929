/** The text of the insights page in Japanese and English. */
import type { Locale } from '../kernel/locale.js';

const JA = {
  title: 'ダッシュボード',
  lead: '店舗の今日の数字、過去 30 日の推移、今後 14 日の売上予測と、ライブイベントです。',
  store: '店舗',
  noStores: '過去 30 日に売上のある店舗がありません。売上が記録されるとここに表示されます。',
  today: '今日',
  figures: {
    revenue: '売上',
    transactions: '取引数',
    receiptsIssued: 'レシート発行',
    receiptsClaimed: 'レシート受け取り',
    claimRate: '受け取り率',
    checkIns: 'チェックイン',
    surveyResponses: 'アンケート回答',
    couponViews: 'クーポン閲覧',
    flyerViews: 'チラシ閲覧',
    postViews: '投稿閲覧',
  },
  suppressed: '人数が少ないため非表示',
  revenueChart: '売上（過去 30 日）と予測（今後 14 日）',
  receiptsChart: 'レシートの発行と受け取り（過去 30 日）',
  checkInsChart: 'チェックイン（過去 30 日）',
  revenue: '売上',
  forecast: '予測',
  issued: '発行',
  claimed: '受け取り',
  checkIns: 'チェックイン',
  noData: 'この期間のデータはまだありません。',
  forecastTitle: '売上予測',
  method: '手法',
  history: '学習に使った日数',
  heldBack: (days: number) => `直近 ${days} 日を伏せて予測したときの誤差`,
  mae: '平均絶対誤差',
  mape: '平均絶対パーセント誤差',
  unavailable: (reason: string) =>
    reason === 'insufficient_history' ? '予測には 35 日以上の売上の記録が必要です。' : `予測できません（${reason}）。`,
  weekOverWeek: '前週比',
  averageBasket: '客単価',
  anomalies: '異常値の日',
  noAnomalies: '過去 90 日に異常値の日はありません。',
  high: '多い',
  low: '少ない',
  median: '中央値',
  events: 'ライブイベント',
  eventsPage: 'イベントだけを表示',
};

type InsightsMessages = typeof JA;

const EN: InsightsMessages = {
  title: 'Dashboard',
  lead: "A store's figures today, its last 30 days, the revenue forecast for the next 14 days, and live events.",
  store: 'Store',
  noStores: 'No store has sales in the last 30 days. Stores appear here once sales are recorded.',
  today: 'Today',
  figures: {
    revenue: 'Revenue',
    transactions: 'Transactions',
    receiptsIssued: 'Receipts issued',
    receiptsClaimed: 'Receipts claimed',
    claimRate: 'Claim rate',
    checkIns: 'Check-ins',
    surveyResponses: 'Survey responses',
    couponViews: 'Coupon views',
    flyerViews: 'Flyer views',
    postViews: 'Post views',
  },
  suppressed: 'Hidden: too few people',
  revenueChart: 'Revenue (last 30 days) and forecast (next 14 days)',
  receiptsChart: 'Receipts issued and claimed (last 30 days)',
  checkInsChart: 'Check-ins (last 30 days)',
  revenue: 'Revenue',
  forecast: 'Forecast',
  issued: 'Issued',
  claimed: 'Claimed',
  checkIns: 'Check-ins',
  noData: 'No data for these days yet.',
  forecastTitle: 'Revenue forecast',
  method: 'Method',
  history: 'Days of history used',
  heldBack: (days: number) => `Error when the last ${days} days were held back and forecast`,
  mae: 'Mean absolute error',
  mape: 'Mean absolute percentage error',
  unavailable: (reason: string) =>
    reason === 'insufficient_history'
      ? 'A forecast needs at least 35 days of recorded sales.'
      : `No forecast (${reason}).`,
  weekOverWeek: 'Week over week',
  averageBasket: 'Average basket',
  anomalies: 'Anomalous days',
  noAnomalies: 'No anomalous day in the last 90 days.',
  high: 'high',
  low: 'low',
  median: 'median',
  events: 'Live events',
  eventsPage: 'Events only',
};

const MESSAGES: Readonly<Record<Locale, InsightsMessages>> = { ja: JA, en: EN };

/** The insights page's texts in `locale`. */
export function insightsMessages(locale: Locale): InsightsMessages {
  return MESSAGES[locale];
}
