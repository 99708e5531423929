/**
 * Writing and reading notification tokens, shared by `tokens/register` and `tokens/unregister` and by
 * Apple Wallet's device registrations (channel `apple-wallet`). One statement per write, so concurrent
 * registrations of one (customer, channel, device) leave one row: the unique constraint decides, never
 * a read before the write. Push tokens are sealed with the secrets key (AES-256-GCM) at rest.
 */
import type { EntityManager } from '../../kernel/db/orm.js';
import { decryptSecret, encryptSecret, resolveSecretsKey } from '../../kernel/auth/secrets-key.js';
import { uuidv7 } from '../../kernel/db/uuid.js';
import type { Env } from '../../kernel/env.js';

/** The channel of Apple Wallet pass registrations (pass web service); its device id is the deviceLibraryIdentifier. */
export const APPLE_WALLET_CHANNEL = 'apple-wallet';

export interface RegisteredToken {
  readonly id: string;
  /** True when this call created the row, false when it updated an existing one. */
  readonly created: boolean;
  readonly lastSeenAt: Date;
}

/** A token of a customer with its push token unsealed, for sending. */
export interface DeliverableToken {
  readonly id: string;
  readonly channel: string;
  readonly deviceId: string;
  readonly pushToken: string;
  readonly lastSeenAt: Date;
}

type KeyEnv = Pick<Env, 'secretsKey' | 'dataDir'>;

/**
 * Registers `pushToken` for (customer, channel, device): inserts the row, or on the unique triple
 * replaces the token and bumps `last_seen_at`. Runs in the caller's transaction (`em`).
 */
export async function registerToken(
  em: EntityManager,
  env: KeyEnv,
  token: { customerId: string; channel: string; deviceId: string; pushToken: string },
  now: Date = new Date(),
): Promise<RegisteredToken> {
  const sealed = encryptSecret(resolveSecretsKey(env), token.pushToken);
  const rows = await em.execute<{ id: string; created: boolean; last_seen_at: Date | string }[]>(
    `insert into "notification_token"
       ("id", "created_at", "updated_at", "customer_id", "channel", "device_id", "push_token", "last_seen_at")
     values (?, ?, ?, ?, ?, ?, ?, ?)
     on conflict ("customer_id", "channel", "device_id") do update
       set "push_token" = excluded."push_token", "last_seen_at" = excluded."last_seen_at", "updated_at" = excluded."updated_at"
     returning "id", (xmax = 0) as "created", "last_seen_at"`,
    [uuidv7(now.getTime()), now, now, token.customerId, token.channel, token.deviceId, sealed, now],
  );
  const row = rows[0]!;
  return { id: row.id, created: row.created, lastSeenAt: new Date(row.last_seen_at) };
}

/** Removes the token of (customer, channel, device); answers whether one was there. */
export async function unregisterToken(
  em: EntityManager,
  token: { customerId: string; channel: string; deviceId: string },
): Promise<boolean> {
  const deleted = await em.execute<{ id: string }[]>(
    'delete from "notification_token" where "customer_id" = ? and "channel" = ? and "device_id" = ? returning "id"',
    [token.customerId, token.channel, token.deviceId],
  );
  return deleted.length > 0;
}

/** The tokens of `customerId` (optionally of one channel) with their push tokens unsealed. */
export async function deliverableTokens(
  em: EntityManager,
  env: KeyEnv,
  customerId: string,
  channel?: string,
): Promise<DeliverableToken[]> {
  const rows = await em.execute<
    { id: string; channel: string; device_id: string; push_token: string; last_seen_at: Date | string }[]
  >(
    `select "id", "channel", "device_id", "push_token", "last_seen_at" from "notification_token"
     where "customer_id" = ?${channel ? ' and "channel" = ?' : ''} order by "id"`,
    channel ? [customerId, channel] : [customerId],
  );
  const key = resolveSecretsKey(env);
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    deviceId: row.device_id,
    pushToken: decryptSecret(key, row.push_token),
    lastSeenAt: new Date(row.last_seen_at),
  }));
}
