/**
 * How pass updates reach wallets, behind one interface: APNs for Apple Wallet passes (an empty push
 * to the pass type topic tells the device to fetch the pass again from the pass web service) and the
 * Google Wallet API for Google cards (the object is patched with the new points and rank). The
 * production implementation (`productionPushTransport`) talks to Apple and Google, or to local fakes
 * when APNS_URL / GOOGLE_WALLET_API_URL / GOOGLE_OAUTH_TOKEN_URL point at them (tests).
 */

/** What became of one push. */
export enum PushOutcome {
  /** Accepted by APNs / the Wallet API. */
  Sent = 'sent',
  /**
   * Nobody to update: APNs says the device token is no longer valid (410, or 400 BadDeviceToken), and
   * the registration goes; or Google has no such object (404: the card was never saved).
   */
  Gone = 'gone',
  /** Refused or not answered (timeout, 5xx, auth): logged, retried with the next change or run. */
  Failed = 'failed',
  /** The platform's material is not configured here: nothing was sent. */
  Skipped = 'skipped',
}

/** The fields of a Google loyalty object a push changes. */
export type GoogleObjectUpdate = Readonly<Record<string, unknown>>;

export interface WalletPushTransport {
  /** Sends a pass update push to each device token on `topic` (the pass type id); one outcome per token, in order. */
  pushApple(deviceTokens: readonly string[], topic: string): Promise<PushOutcome[]>;
  /** Patches the Google Wallet loyalty object `objectId` with `update`. */
  updateGoogleObject(objectId: string, update: GoogleObjectUpdate): Promise<PushOutcome>;
  /** The Google issuer id objects are named with, or undefined when Google Wallet is not configured. */
  googleIssuerId(): string | undefined;
  /** The APNs topic of Apple pass updates (the pass type id), or undefined when APNs is not configured. */
  appleTopic(): string | undefined;
}

/** Time allowed for one call to APNs or Google (connect, send, answer). */
export const PUSH_TIMEOUT_MS = 10_000;
