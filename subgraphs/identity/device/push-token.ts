/**
 * A device's push token at rest: sealed with the secrets key (AES-256-GCM, like notification tokens
 * and webhook secrets), beside a keyed digest of the token in clear that finds a device by its token
 * without unsealing any. Rows written before migration 0050 hold the token in clear and no digest;
 * {@link sealClearPushTokens} seals them in place when the service starts after migrating.
 */
import { decryptSecret, encryptSecret, keyedDigest, resolveSecretsKey } from '../../kernel/auth/secrets-key.js';
import type { EntityManager } from '../../kernel/db/orm.js';
import type { Env } from '../../kernel/env.js';

type KeyEnv = Pick<Env, 'secretsKey' | 'dataDir'>;

/** The stored form of a push token: the sealed value and its digest. */
export interface StoredPushToken {
  readonly sealed: string;
  readonly digest: string;
}

/** The digest of a push token in clear (the `push_token_digest` column). */
export function pushTokenDigest(env: KeyEnv, pushToken: string): string {
  return keyedDigest(env, 'device push token', pushToken);
}

/** Seals `pushToken` for storage. */
export function storedPushToken(env: KeyEnv, pushToken: string): StoredPushToken {
  return { sealed: encryptSecret(resolveSecretsKey(env), pushToken), digest: pushTokenDigest(env, pushToken) };
}

/** The push token of a stored (sealed) value, for sending. */
export function unsealPushToken(env: KeyEnv, sealed: string): string {
  return decryptSecret(resolveSecretsKey(env), sealed);
}

/** Rows sealed per statement round. */
const BATCH = 500;

/**
 * Seals every push token still in clear (a value with no digest): idempotent, safe on several
 * replicas at once (a row is only written while it still has no digest), bounded by the rows it
 * finds. Answers how many it sealed.
 */
export async function sealClearPushTokens(em: EntityManager, env: KeyEnv): Promise<number> {
  let sealed = 0;
  for (;;) {
    const rows = await em.execute<{ id: string; push_token: string }[]>(
      `select "id", "push_token" from "user_device"
       where "push_token" is not null and "push_token_digest" is null order by "id" limit ?`,
      [BATCH],
    );
    for (const row of rows) {
      const stored = storedPushToken(env, row.push_token);
      const updated = await em.execute<{ id: string }[]>(
        `update "user_device" set "push_token" = ?, "push_token_digest" = ?
         where "id" = ? and "push_token_digest" is null returning "id"`,
        [stored.sealed, stored.digest, row.id],
      );
      sealed += updated.length;
    }
    if (rows.length < BATCH) return sealed;
  }
}
