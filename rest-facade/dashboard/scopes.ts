/**
 * What the dashboard asks the business owner for: the insights page reads analytics snapshots
 * (analytics.read) and sales reports, insights and the forecast (sales.read). The live events page
 * shows the event types these scopes allow (purchases and claimed receipts), of the token's business
 * account only. Read scopes only, so the grant says what it is for and can change nothing.
 */
export const DASHBOARD_SCOPES = ['analytics.read', 'sales.read'] as const;
