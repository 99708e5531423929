/**
 * What the live events page asks the business owner for. Any business token reaches the `events`
 * subscription (it is filtered to the token's business account); the page asks for one read scope so
 * the grant says what it is for and can do nothing else.
 */
export const DASHBOARD_SCOPES = ['analytics.read'] as const;
