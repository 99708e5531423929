/**
 * The SQL of grants, codes and refresh tokens. Every state change is one conditional UPDATE (no
 * read-then-write), so concurrent exchanges and refreshes are decided by row locks in the database:
 * of two updates of one row, the second re-checks its WHERE after the first commits and finds nothing.
 */
import type { EntityManager } from '../../kernel/db/orm.js';
import { uuidv7 } from '../../kernel/db/uuid.js';
import { disableEndpointsOfEndedGrants } from '../../kernel/events/app-access.js';
import { newOpaqueToken, tokenDigest } from './opaque-token.js';

/** Refresh token lifetime. */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;

/** What a new grant is made of. */
export interface GrantFacts {
  readonly oauthClientId: string;
  readonly userId: string;
  readonly businessAccountId: string | null;
  readonly scopes: readonly string[];
}

/** A code row as the exchange sees it. */
export interface CodeRow {
  readonly id: string;
  readonly oauth_client_id: string;
  readonly redirect_uri: string;
  readonly scopes: string[];
  readonly user_id: string;
  readonly business_account_id: string | null;
  readonly code_challenge: string | null;
  readonly expires_at: Date;
  readonly consumed_at: Date | null;
  readonly grant_id: string | null;
}

/** A refresh token row joined with its grant. */
export interface RefreshRow {
  readonly grant_id: string;
  readonly generation: number;
  readonly grant_generation: number;
  readonly oauth_client_id: string;
  readonly user_id: string;
  readonly business_account_id: string | null;
  readonly scopes: string[];
  readonly expires_at: Date;
  readonly used_at: Date | null;
  readonly revoked_at: Date | null;
}

const CODE_COLUMNS = `"id", "oauth_client_id", "redirect_uri", "scopes", "user_id", "business_account_id",
  "code_challenge", "expires_at", "consumed_at", "grant_id"`;

/** Marks the code used if, and only if, it is unused, unexpired and matches every binding. */
export async function consumeCode(
  tx: EntityManager,
  bindings: { codeHash: string; oauthClientId: string; redirectUri: string; challenge: string | null },
  now: Date,
): Promise<CodeRow | undefined> {
  const pkce = bindings.challenge === null ? '"code_challenge" is null' : '"code_challenge" = ?';
  const rows = await tx.execute<CodeRow[]>(
    `update "oauth_authorization_code" set "consumed_at" = ?, "updated_at" = ?
     where "code_hash" = ? and "consumed_at" is null and "expires_at" > ? and "oauth_client_id" = ?
       and "redirect_uri" = ? and ${pkce}
     returning ${CODE_COLUMNS}`,
    [now, now, bindings.codeHash, now, bindings.oauthClientId, bindings.redirectUri].concat(
      bindings.challenge === null ? [] : [bindings.challenge],
    ),
  );
  return rows[0];
}

export async function findCode(em: EntityManager, codeHash: string): Promise<CodeRow | undefined> {
  const rows = await em.execute<CodeRow[]>(
    `select ${CODE_COLUMNS} from "oauth_authorization_code" where "code_hash" = ?`,
    [codeHash],
  );
  return rows[0];
}

export async function recordCodeGrant(tx: EntityManager, codeId: string, grantId: string): Promise<void> {
  await tx.execute('update "oauth_authorization_code" set "grant_id" = ? where "id" = ?', [grantId, codeId]);
}

export async function insertGrant(tx: EntityManager, facts: GrantFacts, now: Date): Promise<string> {
  const id = uuidv7(now.getTime());
  await tx.execute(
    `insert into "oauth_grant" ("id", "created_at", "updated_at", "oauth_client_id", "user_id", "business_account_id", "scopes", "generation")
     values (?, ?, ?, ?, ?, ?, ?, 1)`,
    [id, now, now, facts.oauthClientId, facts.userId, facts.businessAccountId, JSON.stringify(facts.scopes)],
  );
  return id;
}

/** A new refresh token of the grant's generation; returns the token (only its digest is stored). */
export async function insertRefreshToken(
  tx: EntityManager,
  grantId: string,
  generation: number,
  now: Date,
): Promise<string> {
  const token = newOpaqueToken();
  await tx.execute(
    `insert into "oauth_refresh_token" ("id", "created_at", "updated_at", "token_hash", "grant_id", "generation", "expires_at")
     values (?, ?, ?, ?, ?, ?, ?)`,
    [
      uuidv7(now.getTime()),
      now,
      now,
      tokenDigest(token),
      grantId,
      generation,
      new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
    ],
  );
  return token;
}

const REFRESH_COLUMNS = `rt."grant_id", rt."generation", g."generation" as "grant_generation", g."oauth_client_id",
  g."user_id", g."business_account_id", g."scopes", rt."expires_at", rt."used_at", g."revoked_at"`;

/** Marks the refresh token used if it is unused, unexpired, the client's, and its grant live and current. */
export async function useRefreshToken(
  tx: EntityManager,
  tokenHash: string,
  oauthClientId: string,
  now: Date,
): Promise<RefreshRow | undefined> {
  const rows = await tx.execute<RefreshRow[]>(
    `update "oauth_refresh_token" as rt set "used_at" = ?, "updated_at" = ?
     from "oauth_grant" as g
     where rt."token_hash" = ? and rt."used_at" is null and rt."expires_at" > ? and g."id" = rt."grant_id"
       and g."oauth_client_id" = ? and g."revoked_at" is null and g."generation" = rt."generation"
     returning ${REFRESH_COLUMNS}`,
    [now, now, tokenHash, now, oauthClientId],
  );
  return rows[0];
}

export async function findRefreshToken(em: EntityManager, tokenHash: string): Promise<RefreshRow | undefined> {
  const rows = await em.execute<RefreshRow[]>(
    `select ${REFRESH_COLUMNS} from "oauth_refresh_token" as rt join "oauth_grant" as g on g."id" = rt."grant_id"
     where rt."token_hash" = ?`,
    [tokenHash],
  );
  return rows[0];
}

/** Moves a live grant to its next generation; undefined when it was revoked or moved meanwhile. */
export async function advanceGrant(
  tx: EntityManager,
  grantId: string,
  generation: number,
  now: Date,
): Promise<number | undefined> {
  const rows = await tx.execute<{ generation: number }[]>(
    `update "oauth_grant" set "generation" = "generation" + 1, "updated_at" = ?
     where "id" = ? and "generation" = ? and "revoked_at" is null returning "generation"`,
    [now, grantId, generation],
  );
  return rows[0] === undefined ? undefined : Number(rows[0].generation);
}

/**
 * Revokes the grant (idempotent: the first reason stays); if it was its app's last live grant for a
 * business, the webhook endpoints that app registered for it are disabled.
 */
export async function revokeGrant(em: EntityManager, grantId: string, reason: string, now: Date): Promise<void> {
  await em.execute(
    `update "oauth_grant" set "revoked_at" = ?, "revoked_reason" = ?, "updated_at" = ?
     where "id" = ? and "revoked_at" is null`,
    [now, reason, now, grantId],
  );
  await disableEndpointsOfEndedGrants(em, [grantId], now);
}

/** The public client_id of an `oauth_client` row. */
export async function publicClientId(em: EntityManager, oauthClientId: string): Promise<string | undefined> {
  const rows = await em.execute<{ client_id: string }[]>('select "client_id" from "oauth_client" where "id" = ?', [
    oauthClientId,
  ]);
  return rows[0]?.client_id;
}
