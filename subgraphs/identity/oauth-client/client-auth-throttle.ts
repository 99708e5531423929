/**
 * Throttling of failed client authentication (client secret guessing) at the token, refresh,
 * introspection and revocation endpoints, per client id, with the sign-in throttle's counters: the
 * same single-UPSERT counting, so concurrent failures on any number of instances are counted exactly.
 */
import { createHash } from 'node:crypto';
import type { EntityManager } from '../../kernel/db/orm.js';
import { RateLimitedError } from '../../kernel/errors.js';
import { SignInThrottler, type ThrottleKey, type ThrottlePolicy } from '../user/sign-in-throttle.js';
import { authenticateClient } from './client-credentials.js';
import type { OAuthClient } from './oauth-client.entity.js';

/**
 * Per client id: 10 failures within 15 minutes lock the client for 5 minutes. A client id is public
 * (it travels in every authorization request), so anyone can lock a client: the lock is kept short,
 * and a successful authentication clears the count.
 */
export const CLIENT_AUTH_THROTTLE: ThrottlePolicy = Object.freeze({
  maxFailures: 10,
  windowSeconds: 15 * 60,
  lockSeconds: 5 * 60,
  slowDownAfter: 10,
  slowDownSeconds: 0,
});

/** The counter of a client id (hashed, like the account keys: unknown ids are not stored in clear). */
export function clientKey(clientId: string, policy: ThrottlePolicy = CLIENT_AUTH_THROTTLE): ThrottleKey {
  return { id: `client:${createHash('sha256').update(clientId).digest('base64url')}`, policy };
}

/**
 * {@link authenticateClient} behind the client's throttle: a locked client id answers RATE_LIMITED
 * (with `retryAfter` seconds) before its secret is checked; a failure counts, a success resets.
 */
export async function authenticateClientThrottled(
  em: EntityManager,
  clientId: string,
  clientSecret: string,
  clock?: () => Date,
): Promise<OAuthClient | null> {
  const throttler = new SignInThrottler(em, clock);
  const key = clientKey(clientId);
  const seconds = await throttler.retryAfter([key]);
  if (seconds > 0) {
    throw new RateLimitedError(
      `Too many failed authentications of this client. Try again in ${seconds} seconds.`,
      seconds,
    );
  }
  const client = await authenticateClient(em, clientId, clientSecret);
  if (client) await throttler.reset(key);
  else await throttler.recordFailure(key);
  return client;
}
