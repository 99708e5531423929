/**
 * Every migration of the one database, in order. The tables belong to the subgraphs named in each
 * file; the database is shared so that cross-subgraph integrity (foreign keys) is enforced by it.
 * Add a migration by adding a file here and a row below; never edit one that has shipped.
 */
import type { MigrationObject } from '@mikro-orm/core';
import { Migration0001Kernel } from './0001-kernel.js';
import { Migration0002Identity } from './0002-identity.js';
import { Migration0003Stores } from './0003-stores.js';
import { Migration0004Receipts } from './0004-receipts.js';
import { Migration0005Engagement } from './0005-engagement.js';
import { Migration0006Wallet } from './0006-wallet.js';
import { Migration0007IdentityUsers } from './0007-identity-users.js';
import { Migration0008IdentityAccounts } from './0008-identity-accounts.js';
import { Migration0009IdentityOAuthClients } from './0009-identity-oauth-clients.js';
import { Migration0010IdentityOAuthTokens } from './0010-identity-oauth-tokens.js';
import { Migration0011IdentitySessions } from './0011-identity-sessions.js';
import { Migration0012IdentityEmailOwnership } from './0012-identity-email-ownership.js';
import { Migration0013ReceiptsClaims } from './0013-receipts-claims.js';
import { Migration0014ReceiptsBudget } from './0014-receipts-budget.js';
import { Migration0015RateLimits } from './0015-rate-limits.js';
import { Migration0016StoresShopApps } from './0016-stores-shop-apps.js';
import { Migration0017StoresAppPages } from './0017-stores-app-pages.js';
import { Migration0018StoresBusinessHours } from './0018-stores-business-hours.js';
import { Migration0019StoresCouponsFavorites } from './0019-stores-coupons-favorites.js';
import { Migration0020StoresAppPosts } from './0020-stores-app-posts.js';
import { Migration0021RateLimitsUnlogged } from './0021-rate-limits-unlogged.js';
import { Migration0022EngagementCampaigns } from './0022-engagement-campaigns.js';
import { Migration0023EngagementCheckIns } from './0023-engagement-check-ins.js';
import { Migration0024EngagementSurveyResponses } from './0024-engagement-survey-responses.js';
import { Migration0025EngagementSurveyResults } from './0025-engagement-survey-results.js';
import { Migration0026EngagementCheckInResults } from './0026-engagement-check-in-results.js';
import { Migration0027WalletCustomers } from './0027-wallet-customers.js';
import { Migration0028EventsWebhookDelivery } from './0028-events-webhook-delivery.js';
import { Migration0029ReceiptsStorefront } from './0029-receipts-storefront.js';
import { Migration0030EngagementWebhookResendTrigger } from './0030-engagement-webhook-resend-trigger.js';
import { Migration0031StoresShortTermSearch } from './0031-stores-short-term-search.js';
import { Migration0032HistoryListOrder } from './0032-history-list-order.js';
import { Migration0033StoresDirectoryCount } from './0033-stores-directory-count.js';
import { Migration0034StoresProducts } from './0034-stores-products.js';
import { Migration0035StoresInventory } from './0035-stores-inventory.js';
import { Migration0036StoresReservations } from './0036-stores-reservations.js';
import { Migration0037ReceiptsOrders } from './0037-receipts-orders.js';
import { Migration0038WalletBusinessCustomers } from './0038-wallet-business-customers.js';
import { Migration0039IdentityStaff } from './0039-identity-staff.js';
import { Migration0040StoresStockPostings } from './0040-stores-stock-postings.js';
import { Migration0041StoresProductSearchGrams } from './0041-stores-product-search-grams.js';
import { Migration0042StoresFlyers } from './0042-stores-flyers.js';
import { Migration0045ReceiptsSalesReportIndexes } from './0045-receipts-sales-report-indexes.js';
// issue 15: analytics snapshots
import { Migration0044StoresAnalytics } from './0044-stores-analytics.js';
import { Migration0046WalletSegments } from './0046-wallet-segments.js';
import { Migration0047ReceiptsTransactionCoupons } from './0047-receipts-transaction-coupons.js';
import { Migration0049EngagementWebhookEndpointApp } from './0049-engagement-webhook-endpoint-app.js';
import { Migration0050ViewsOncePushTokensSealed } from './0050-views-once-push-tokens-sealed.js';

export const migrations: MigrationObject[] = [
  { name: '0001-kernel', class: Migration0001Kernel },
  { name: '0002-identity', class: Migration0002Identity },
  { name: '0003-stores', class: Migration0003Stores },
  { name: '0004-receipts', class: Migration0004Receipts },
  { name: '0005-engagement', class: Migration0005Engagement },
  { name: '0006-wallet', class: Migration0006Wallet },
  { name: '0007-identity-users', class: Migration0007IdentityUsers },
  { name: '0008-identity-accounts', class: Migration0008IdentityAccounts },
  { name: '0009-identity-oauth-clients', class: Migration0009IdentityOAuthClients },
  { name: '0010-identity-oauth-tokens', class: Migration0010IdentityOAuthTokens },
  { name: '0011-identity-sessions', class: Migration0011IdentitySessions },
  { name: '0012-identity-email-ownership', class: Migration0012IdentityEmailOwnership },
  { name: '0013-receipts-claims', class: Migration0013ReceiptsClaims },
  { name: '0014-receipts-budget', class: Migration0014ReceiptsBudget },
  { name: '0015-rate-limits', class: Migration0015RateLimits },
  { name: '0016-stores-shop-apps', class: Migration0016StoresShopApps },
  { name: '0017-stores-app-pages', class: Migration0017StoresAppPages },
  { name: '0018-stores-business-hours', class: Migration0018StoresBusinessHours },
  { name: '0019-stores-coupons-favorites', class: Migration0019StoresCouponsFavorites },
  { name: '0020-stores-app-posts', class: Migration0020StoresAppPosts },
  { name: '0021-rate-limits-unlogged', class: Migration0021RateLimitsUnlogged },
  { name: '0022-engagement-campaigns', class: Migration0022EngagementCampaigns },
  { name: '0023-engagement-check-ins', class: Migration0023EngagementCheckIns },
  { name: '0024-engagement-survey-responses', class: Migration0024EngagementSurveyResponses },
  { name: '0025-engagement-survey-results', class: Migration0025EngagementSurveyResults },
  { name: '0026-engagement-check-in-results', class: Migration0026EngagementCheckInResults },
  { name: '0027-wallet-customers', class: Migration0027WalletCustomers },
  { name: '0028-events-webhook-delivery', class: Migration0028EventsWebhookDelivery },
  { name: '0029-receipts-storefront', class: Migration0029ReceiptsStorefront },
  { name: '0030-engagement-webhook-resend-trigger', class: Migration0030EngagementWebhookResendTrigger },
  { name: '0031-stores-short-term-search', class: Migration0031StoresShortTermSearch },
  { name: '0032-history-list-order', class: Migration0032HistoryListOrder },
  { name: '0033-stores-directory-count', class: Migration0033StoresDirectoryCount },
  { name: '0034-stores-products', class: Migration0034StoresProducts },
  { name: '0035-stores-inventory', class: Migration0035StoresInventory },
  { name: '0036-stores-reservations', class: Migration0036StoresReservations },
  { name: '0037-receipts-orders', class: Migration0037ReceiptsOrders },
  { name: '0038-wallet-business-customers', class: Migration0038WalletBusinessCustomers },
  { name: '0039-identity-staff', class: Migration0039IdentityStaff },
  { name: '0040-stores-stock-postings', class: Migration0040StoresStockPostings },
  { name: '0041-stores-product-search-grams', class: Migration0041StoresProductSearchGrams },
  { name: '0042-stores-flyers', class: Migration0042StoresFlyers },
  // issue 15: analytics snapshots
  { name: '0044-stores-analytics', class: Migration0044StoresAnalytics },
  { name: '0045-receipts-sales-report-indexes', class: Migration0045ReceiptsSalesReportIndexes },
  { name: '0046-wallet-segments', class: Migration0046WalletSegments },
  { name: '0047-receipts-transaction-coupons', class: Migration0047ReceiptsTransactionCoupons },
  { name: '0049-engagement-webhook-endpoint-app', class: Migration0049EngagementWebhookEndpointApp },
  { name: '0050-views-once-push-tokens-sealed', class: Migration0050ViewsOncePushTokensSealed },
];
