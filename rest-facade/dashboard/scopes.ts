/**
 * What the dashboard asks the business owner for: the insights page reads analytics snapshots
 * (analytics.read) and sales reports, insights and the forecast (sales.read). Any business token reaches
 * the `events` subscription (it is filtered to the token's business account). Read scopes only, so
 * the grant says what it is for and can change nothing.
 */
export const DASHBOARD_SCOPES = ['analytics.read', 'sales.read'] as const;
