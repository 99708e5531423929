/**
 * Event pipeline configuration: delivery timeout, how
 * long published events stay (webhook retries, re-sends and subscription resumes reach that far
 * back), how often a dispatcher looks for due retries, and whether receivers on private networks are
 * allowed (development and tests only: production refuses them, always).
 */

/** Reads an integer variable within bounds (env.ts's parser). */
type IntReader = (name: string, fallback: number, min: number, max: number) => number;

export interface EventSettings {
  /** `WEBHOOK_TIMEOUT_MS`: a delivery attempt's whole budget (connect, send, response). Default 15 s. */
  readonly webhookTimeoutMs: number;
  /**
   * Receivers on loopback, private, link-local, CGNAT or unique-local addresses, and `http:` URLs:
   * allowed outside production (local receivers in development and tests), refused in production.
   */
  readonly allowPrivateReceivers: boolean;
  /** `EVENT_RETENTION_DAYS`: how long a published event is kept. Default 30. */
  readonly retentionDays: number;
  /**
   * `EVENT_DISPATCH_POLL_MS`: a dispatcher's longest sleep. LISTEN/NOTIFY wakes it for new events at
   * once; this clock finds retries that came due and covers a lost connection. Default 1 s.
   */
  readonly dispatchPollMs: number;
}

export function eventSettings(nodeEnv: string, int: IntReader): EventSettings {
  return {
    webhookTimeoutMs: int('WEBHOOK_TIMEOUT_MS', 15_000, 100, 60_000),
    allowPrivateReceivers: nodeEnv !== 'production',
    retentionDays: int('EVENT_RETENTION_DAYS', 30, 1, 365),
    dispatchPollMs: int('EVENT_DISPATCH_POLL_MS', 1_000, 10, 60_000),
  };
}
