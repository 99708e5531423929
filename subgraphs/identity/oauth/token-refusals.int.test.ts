/**
 * What the token endpoint records and answers on the refusals the other suites only see from outside:
 * the `revoked_reason` a reused code or refresh token leaves on its grant, an unused refresh token of
 * a generation the grant has left, a revocation that lands between a refresh's two updates
 * (PostgreSQL only), and the service's own clock when it is given none.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedDatabase, type MigratedDatabase } from '../../../test/fixtures/migrated-database.js';
import { hasPostgres } from '../../../test/requirements.js';
import { tokenDigest } from './opaque-token.js';
import { issueCode, REDIRECT_URI, refusal, storeApp, TokenEndpoint, type TestApp } from './oauth-int.fixtures.js';
import { OAuthTokenService } from './token.service.js';

let db: MigratedDatabase;
let app: TestApp;
let endpoint: TokenEndpoint;
const invalidGrant = (message: string) => ({ reason: 'invalid_grant', code: 'BAD_USER_INPUT', message });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The grant a refresh token belongs to, as stored. */
async function grantOfRefreshToken(refreshToken: string) {
  const rows = await db.em().execute<{ id: string; revoked_reason: string | null; generation: number }[]>(
    `select g."id", g."revoked_reason", g."generation" from "oauth_refresh_token" as rt
     join "oauth_grant" as g on g."id" = rt."grant_id" where rt."token_hash" = ?`,
    [tokenDigest(refreshToken)],
  );
  return rows[0]!;
}

beforeAll(async () => {
  db = await openMigratedDatabase();
  app = await storeApp(db);
  endpoint = new TokenEndpoint(db);
});
afterAll(() => db?.close());

describe('revocation reasons', () => {
  it('records code_reuse on the grant of a code that comes back', async () => {
    const { code } = await issueCode(db, app, {}, endpoint.now);
    const first = await endpoint.exchange(app, code);
    expect((await grantOfRefreshToken(first.refreshToken)).revoked_reason).toBeNull();
    await refusal(endpoint.exchange(app, code));
    expect((await grantOfRefreshToken(first.refreshToken)).revoked_reason).toBe('code_reuse');
  });

  it('records refresh_token_reuse on the grant of a used refresh token that comes back', async () => {
    const { tokens } = await endpoint.tokensFor(app);
    await endpoint.refresh(app, tokens.refreshToken);
    await refusal(endpoint.refresh(app, tokens.refreshToken));
    expect((await grantOfRefreshToken(tokens.refreshToken)).revoked_reason).toBe('refresh_token_reuse');
  });
});

describe('refresh', () => {
  it('refuses an unused refresh token of a generation its grant has left, and leaves the grant live', async () => {
    const { tokens } = await endpoint.tokensFor(app);
    const grant = await grantOfRefreshToken(tokens.refreshToken);
    await db.em().execute('update "oauth_grant" set "generation" = "generation" + 1 where "id" = ?', [grant.id]);
    expect(await refusal(endpoint.refresh(app, tokens.refreshToken))).toEqual(
      invalidGrant('The refresh token is no longer valid.'),
    );
    expect((await grantOfRefreshToken(tokens.refreshToken)).revoked_reason).toBeNull();
  });

  it.skipIf(!hasPostgres('a revocation racing a refresh'))(
    'refuses a refresh whose grant is revoked between taking the token and advancing the grant',
    async () => {
      const { tokens } = await endpoint.tokensFor(app);
      const grant = await grantOfRefreshToken(tokens.refreshToken);
      const revoker = new pg.Client({ connectionString: db.env.databaseUrl });
      await revoker.connect();
      try {
        // The revocation holds the grant's row: the refresh takes its token (reading the grant as it
        // was), then waits to advance the grant, and re-checks it once the revocation commits.
        await revoker.query('begin');
        await revoker.query(
          `update "oauth_grant" set "revoked_at" = now(), "revoked_reason" = 'revoked' where "id" = $1`,
          [grant.id],
        );
        const refused = refusal(endpoint.refresh(app, tokens.refreshToken));
        for (let waited = 0; waited < 3_000; waited += 10) {
          const rows = await db.em().execute<{ n: number }[]>(
            `select count(*)::int as "n" from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock'`,
          );
          if (Number(rows[0]?.n) > 0) break;
          await sleep(10);
        }
        await revoker.query('commit');
        expect(await refused).toEqual(invalidGrant('The grant was revoked.'));
      } finally {
        await revoker.end();
      }
      // The refusal rolled back the token's use: it stays unused, and its grant revoked by the revocation.
      expect(await grantOfRefreshToken(tokens.refreshToken)).toMatchObject({
        revoked_reason: 'revoked',
        generation: 1,
      });
    },
  );
});

describe('the clock', () => {
  it('uses the current time when given no clock', async () => {
    const { code } = await issueCode(db, app);
    const service = new OAuthTokenService(db.context());
    await expect(
      service.requestToken({
        grantType: 'authorization_code',
        clientId: app.clientId,
        clientSecret: app.clientSecret,
        code,
        redirectUri: REDIRECT_URI,
      }),
    ).resolves.toMatchObject({ tokenType: 'Bearer' });
  });
});
