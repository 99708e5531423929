/**
 * The rate-limit response headers of the IETF httpapi draft "RateLimit header fields for HTTP"
 * (draft-ietf-httpapi-ratelimit-headers-10; the syntax of -08 to -10), both Structured Field lists:
 *
 *     RateLimit-Policy: "last-receipt";q=30;w=60
 *     RateLimit: "last-receipt";r=29;t=58
 *
 * `q` is the quota of a window, `w` its length in seconds, `r` what remains of the quota and `t` the
 * seconds until the window resets. A 429 also carries `Retry-After` (RFC 9110 §10.2.3, delay-seconds).
 */
import type { RateLimitRule } from './rules.js';

/** The headers the gateway sets and the facade copies onto its own response. */
export const RATE_LIMIT_HEADERS = ['RateLimit-Policy', 'RateLimit', 'Retry-After'] as const;

/** Where one rule stands for this request's key after it was counted. */
export interface RateLimitState {
  readonly rule: RateLimitRule;
  /** Calls left in the window (0 when over). */
  readonly remaining: number;
  /** Milliseconds until the window resets. */
  readonly msBeforeReset: number;
}

/**
 * Whole seconds until a window that resets in `ms` has reset: rounded up, and at least 1, so a client
 * that waits this long is counted in a fresh window.
 */
export function secondsUntilReset(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/** `RateLimit-Policy` for these rules, in their order. */
export function formatRateLimitPolicy(rules: readonly RateLimitRule[]): string {
  return rules.map((rule) => `"${rule.policy}";q=${rule.limit};w=${rule.windowSeconds}`).join(', ');
}

/** `RateLimit` for these states, in their order. */
export function formatRateLimit(states: readonly RateLimitState[]): string {
  return states
    .map((s) => `"${s.rule.policy}";r=${Math.max(0, s.remaining)};t=${secondsUntilReset(s.msBeforeReset)}`)
    .join(', ');
}

/**
 * The headers of a response whose operation was counted by `states` (one per policy). `Retry-After` only
 * when a policy refused: the longest wait among those that refused.
 */
export function rateLimitHeaders(
  states: readonly RateLimitState[],
  refused: readonly RateLimitState[],
): Record<string, string> {
  const headers: Record<string, string> = {
    'RateLimit-Policy': formatRateLimitPolicy(states.map((s) => s.rule)),
    RateLimit: formatRateLimit(states),
  };
  if (refused.length > 0) headers['Retry-After'] = String(retryAfterSeconds(refused));
  return headers;
}

/** The wait after which every refusing policy has a fresh window. */
export function retryAfterSeconds(refused: readonly RateLimitState[]): number {
  return Math.max(...refused.map((s) => secondsUntilReset(s.msBeforeReset)));
}
