/** What a newcomer opens first: the sample request printed at start and linked from the landing page. */

/**
 * A public store search, percent-encoded: curl and other clients send a request target as given, and
 * raw UTF-8 there is refused by the HTTP parser (see subgraphs/kernel/http/client-error.ts).
 */
export const TRY_PATH = `/api/v1/public/stores?prefecture=${encodeURIComponent('東京都')}`;
