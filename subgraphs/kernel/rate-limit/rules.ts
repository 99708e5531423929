/**
 * The rate-limit rule table: which root fields are limited, how many calls
 * a window allows, and which arguments, beside the client IP, partition the counters. The gateway
 * enforces the table (gateway/rate-limit.plugin.ts), so GraphQL callers and the REST facade share it.
 */

/** One limited root field. */
export interface RateLimitRule {
  /** The root field, `Query.lastReceipt` or `Mutation.claimTransactionQr`. */
  readonly field: string;
  /**
   * The policy name: the header's policy identifier (`RateLimit-Policy: "last-receipt";q=30;w=60`) and
   * the counters' key prefix. Lower case letters, digits and hyphens.
   */
  readonly policy: string;
  /** Calls a window allows per key (the header's `q`). 1 or more. */
  readonly limit: number;
  /** Length of the fixed window in seconds (the header's `w`). 1 or more. */
  readonly windowSeconds: number;
  /** Arguments of the field whose values, beside the client IP, make the key; none: per IP only. */
  readonly keyArguments: readonly string[];
  /** True: only calls without a signed-in caller (no token, or no valid one) count. Default false. */
  readonly anonymousOnly?: boolean;
}

/** The configurable numbers of the receipt rules (env.ts `RATE_LIMIT_*`). */
export interface RateLimitSettings {
  /** Window of every rule, in seconds (`RATE_LIMIT_WINDOW_SECONDS`). Default 60. */
  readonly windowSeconds: number;
  /** `Query.lastReceipt` per IP and terminal (`RATE_LIMIT_LAST_RECEIPT`). Default 30. */
  readonly lastReceipt: number;
  /** `Mutation.claimTerminalReceipt` per IP and terminal (`RATE_LIMIT_TERMINAL_CLAIM`). Default 10. */
  readonly terminalClaim: number;
  /** `Query.transactionQrReceipt` per IP (`RATE_LIMIT_RX_READ`). Default 60. */
  readonly rxRead: number;
  /** `Mutation.claimTransactionQr` per IP (`RATE_LIMIT_RX_CLAIM`). Default 10. */
  readonly rxClaim: number;
  /** Anonymous `Mutation.submitSurveyResponse` per IP and campaign (`RATE_LIMIT_ANONYMOUS_SURVEY`). Default 10. */
  readonly anonymousSurvey: number;
  /** Its window in seconds (`RATE_LIMIT_ANONYMOUS_SURVEY_WINDOW_SECONDS`). Default 3600. */
  readonly anonymousSurveyWindowSeconds: number;
}

/** Defaults: the receipt rules per minute, anonymous survey responses per hour. */
export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  windowSeconds: 60,
  lastReceipt: 30,
  terminalClaim: 10,
  rxRead: 60,
  rxClaim: 10,
  anonymousSurvey: 10,
  anonymousSurveyWindowSeconds: 3600,
};

/**
 * The rule table with the configured numbers: the receipt rules, and anonymous survey responses per
 * client IP and campaign token (a device id is the caller's word, so it cannot be the key; signed-in
 * responses are one per user anyway and not limited by this rule).
 */
export function receiptRateLimitRules(settings: RateLimitSettings = DEFAULT_RATE_LIMITS): RateLimitRule[] {
  const windowSeconds = settings.windowSeconds;
  return [
    {
      field: 'Query.lastReceipt',
      policy: 'last-receipt',
      limit: settings.lastReceipt,
      windowSeconds,
      keyArguments: ['publicTerminalId'],
    },
    {
      field: 'Mutation.claimTerminalReceipt',
      policy: 'terminal-claim',
      limit: settings.terminalClaim,
      windowSeconds,
      keyArguments: ['publicTerminalId'],
    },
    { field: 'Query.transactionQrReceipt', policy: 'rx-read', limit: settings.rxRead, windowSeconds, keyArguments: [] },
    {
      field: 'Mutation.claimTransactionQr',
      policy: 'rx-claim',
      limit: settings.rxClaim,
      windowSeconds,
      keyArguments: [],
    },
    {
      field: 'Mutation.submitSurveyResponse',
      policy: 'anonymous-survey',
      limit: settings.anonymousSurvey,
      windowSeconds: settings.anonymousSurveyWindowSeconds,
      keyArguments: ['token'],
      anonymousOnly: true,
    },
  ];
}

const POLICY_NAME = /^[a-z0-9][a-z0-9-]{0,62}$/;
const FIELD_NAME = /^(Query|Mutation)\.[_A-Za-z][_0-9A-Za-z]*$/;

/**
 * Throws when the table is malformed: a bad field or policy name, a field or policy named twice
 * (two rules would share or split one counter), or a limit or window below 1.
 */
export function assertRuleTable(rules: readonly RateLimitRule[]): void {
  const fields = new Set<string>();
  const policies = new Set<string>();
  for (const rule of rules) {
    if (!FIELD_NAME.test(rule.field)) throw new Error(`rate limit rule: bad field name "${rule.field}"`);
    if (!POLICY_NAME.test(rule.policy)) throw new Error(`rate limit rule ${rule.field}: bad policy "${rule.policy}"`);
    if (fields.has(rule.field)) throw new Error(`rate limit rule: ${rule.field} is ruled twice`);
    if (policies.has(rule.policy)) throw new Error(`rate limit rule: policy "${rule.policy}" is used twice`);
    if (!(
      Number.isInteger(rule.limit) &&
      rule.limit >= 1 &&
      Number.isInteger(rule.windowSeconds) &&
      rule.windowSeconds >= 1
    ))
      throw new Error(`rate limit rule ${rule.field}: limit and window must be integers of 1 or more`);
    fields.add(rule.field);
    policies.add(rule.policy);
  }
}
