/**
 * Secrets that travel in URLs and must never reach a log line or a span: the claim token and the
 * transaction-QR token of `/api/v1/rx/{token}`, `/api/v1/claim-tokens/{token}/qr.*` and the receipt
 * pages' `/receipts/rx/{token}`, and a token sent in a query parameter. Each is replaced by
 * {@link REDACTED}; the rest of the path stays, so a line still says which endpoint was called.
 */

/** What a redacted token reads as. */
export const REDACTED = '[redacted]';

/** The path segment after `/rx/` or `/claim-tokens/` (whatever mounts it); not a route's `:parameter`. */
const TOKEN_SEGMENT = /(\/(?:rx|claim-tokens)\/)(?!:)[^/?#]+/g;

/** Query parameters that carry a claim or transaction-QR token. */
const TOKEN_PARAMETER = /([?&](?:claimToken|claim_token|token|qrToken)=)[^&#]*/gi;

/** A quick test before any replacement: almost no line carries a token. */
const MAY_CARRY_TOKEN = /\/(?:rx|claim-tokens)\/|[?&](?:claimToken|claim_token|token|qrToken)=/i;

/** `text` (a path, a URL, a message naming one) with every claim or transaction-QR token redacted. */
export function redactTokens(text: string): string {
  if (!MAY_CARRY_TOKEN.test(text)) return text;
  return text.replace(TOKEN_SEGMENT, `$1${REDACTED}`).replace(TOKEN_PARAMETER, `$1${REDACTED}`);
}
