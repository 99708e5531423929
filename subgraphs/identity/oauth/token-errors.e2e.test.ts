/**
 * Failures and races of the token endpoints: the error rows of the interface for them (400/401/415)
 * with their body shapes and challenges, PKCE, redirect_uri, expiry, code and refresh-token reuse,
 * and concurrent exchanges and refreshes released together on PostgreSQL (test/race.ts; skipped,
 * with the reason printed, on the embedded database).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from '../../../test/harness.js';
import { RACE_ROUNDS, releasedTogether, valuesOf } from '../../../test/race.js';
import { hasPostgres } from '../../../test/requirements.js';
import { rootEntityManager } from '../../kernel/db/orm.js';
import {
  basic,
  createUser,
  expectOAuthError,
  issueCode,
  pkce,
  postForm,
  postJson,
  REDIRECT_URI,
  registerApp,
  startOAuthService,
  viewer,
  type App,
} from '../../../test/fixtures/oauth.fixtures.js';
import { tokenDigest } from './opaque-token.js';

let service: TestService;
let app: App;
let userId: string;

beforeAll(async () => {
  service = await startOAuthService();
  app = await registerApp(service);
  userId = await createUser(service);
});

const TOKEN = '/api/v1/auth/token';

async function codeParams(overrides: Record<string, string> = {}, options: { challenge?: boolean } = {}) {
  const { verifier, challenge } = pkce();
  const code = await issueCode(service, app, userId, options.challenge === false ? {} : { challenge });
  return {
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT_URI,
    ...(options.challenge === false ? {} : { code_verifier: verifier }),
    client_id: app.clientId,
    client_secret: app.clientSecret,
    ...overrides,
  };
}

async function tokens(params: Record<string, string>): Promise<{ access_token: string; refresh_token: string }> {
  const response = await postForm(service, TOKEN, params);
  expect(response.status).toBe(200);
  return (await response.json()) as { access_token: string; refresh_token: string };
}

const refreshParams = (refreshToken: string) => ({
  grant_type: 'refresh_token',
  refresh_token: refreshToken,
  client_id: app.clientId,
  client_secret: app.clientSecret,
});

describe('client authentication and request errors', () => {
  it('wrong secret with Basic: 401 invalid_client with WWW-Authenticate Basic', async () => {
    const { client_id: _id, client_secret: _secret, ...params } = await codeParams();
    const response = await postForm(service, TOKEN, params, {
      authorization: basic({ ...app, clientSecret: 'wrong' }),
    });
    await expectOAuthError(response, 401, 'invalid_client');
    expect(response.headers.get('www-authenticate')).toMatch(/^Basic /);
  });

  it('wrong secret in the body: 401 invalid_client without a Basic challenge', async () => {
    const response = await postForm(service, TOKEN, await codeParams({ client_secret: 'wrong' }));
    await expectOAuthError(response, 401, 'invalid_client');
    expect(response.headers.get('www-authenticate')).toBeNull();
  });

  it('no client authentication: 401 invalid_client; two methods at once: 400 invalid_request', async () => {
    const { client_secret: _s, ...params } = await codeParams();
    await expectOAuthError(await postForm(service, TOKEN, params), 401, 'invalid_client');
    const both = await postForm(service, TOKEN, await codeParams(), { authorization: basic(app) });
    await expectOAuthError(both, 400, 'invalid_request');
  });

  it('unsupported or missing grant_type: 400', async () => {
    await expectOAuthError(
      await postForm(service, TOKEN, await codeParams({ grant_type: 'password' })),
      400,
      'unsupported_grant_type',
    );
    const { grant_type: _g, ...params } = await codeParams();
    await expectOAuthError(await postForm(service, TOKEN, params), 400, 'invalid_request');
  });

  it('a repeated parameter: 400 invalid_request', async () => {
    const params = new URLSearchParams(await codeParams());
    params.append('code', 'again');
    const response = await service.call(TOKEN, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: params.toString(),
    });
    await expectOAuthError(response, 400, 'invalid_request');
  });

  it('JSON dialect: every failure is 401 with error and problem fields', async () => {
    const params = await codeParams();
    const json = {
      grantType: 'authorization_code',
      clientId: app.clientId,
      clientSecret: 'wrong',
      code: params.code,
      redirectUri: REDIRECT_URI,
      codeVerifier: params.code_verifier,
    };
    await expectOAuthError(await postJson(service, TOKEN, json), 401, 'invalid_client');
    await expectOAuthError(
      await postJson(service, TOKEN, { ...json, clientSecret: app.clientSecret, code: 'nope' }),
      401,
      'invalid_grant',
    );
    await expectOAuthError(
      await postJson(service, TOKEN, { ...json, grantType: 'password' }),
      401,
      'unsupported_grant_type',
    );
    await expectOAuthError(await postJson(service, TOKEN, {}), 401, 'invalid_request');
    const refresh = { refreshToken: 'nope', clientId: app.clientId, clientSecret: app.clientSecret };
    await expectOAuthError(await postJson(service, '/api/v1/auth/refresh', refresh), 401, 'invalid_grant');
    await expectOAuthError(await postJson(service, '/api/v1/auth/verify', { token: 'nope' }), 401, 'invalid_token');
    await expectOAuthError(await postJson(service, '/api/v1/auth/verify', {}), 401, 'invalid_token');
  });

  it('revoke without a token: 400 in both dialects; verify form dialect answers inactive as 200 active:false', async () => {
    await expectOAuthError(await postJson(service, '/api/v1/auth/revoke', {}), 400, 'invalid_request');
    await expectOAuthError(await postForm(service, '/api/v1/auth/revoke', {}), 400, 'invalid_request');
    const inactive = await postForm(service, '/api/v1/auth/verify', { token: 'nope' });
    expect(inactive.status).toBe(200);
    expect(await inactive.json()).toEqual({ active: false });
    const wrongClient = await postForm(
      service,
      '/api/v1/auth/verify',
      { token: 'x' },
      { authorization: basic({ ...app, clientSecret: 'bad' }) },
    );
    await expectOAuthError(wrongClient, 401, 'invalid_client');
  });

  it('a body of another media type is 415 in the OAuth format', async () => {
    const response = await service.call(TOKEN, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'x',
    });
    expect(response.status).toBe(415);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({
      error: 'invalid_request',
      code: 'unsupported_media_type',
      status: 415,
    });
  });
});

describe('code binding', () => {
  it('PKCE: wrong or missing verifier, and a verifier without a challenge, are invalid_grant', async () => {
    await expectOAuthError(
      await postForm(service, TOKEN, await codeParams({ code_verifier: pkce().verifier })),
      400,
      'invalid_grant',
    );
    const { code_verifier: _v, ...missing } = await codeParams();
    await expectOAuthError(await postForm(service, TOKEN, missing), 400, 'invalid_grant');
    const noChallenge = await codeParams({ code_verifier: pkce().verifier }, { challenge: false });
    await expectOAuthError(await postForm(service, TOKEN, noChallenge), 400, 'invalid_grant');
    // A failed attempt does not consume the code: the right verifier still redeems it.
    const params = await codeParams();
    await expectOAuthError(
      await postForm(service, TOKEN, { ...params, code_verifier: pkce().verifier }),
      400,
      'invalid_grant',
    );
    await tokens(params);
  });

  it('PKCE plain is refused when the code is issued', async () => {
    const { challenge } = pkce();
    await expect(issueCode(service, app, userId, { challenge, method: 'plain' })).rejects.toMatchObject({
      extensions: { reason: 'invalid_request' },
    });
  });

  it('a different redirect_uri, or an expired code, is invalid_grant', async () => {
    await expectOAuthError(
      await postForm(service, TOKEN, await codeParams({ redirect_uri: `${REDIRECT_URI}/` })),
      400,
      'invalid_grant',
    );
    const params = await codeParams();
    await rootEntityManager(service.orm)
      .fork()
      .execute(
        `update "oauth_authorization_code" set "expires_at" = now() - interval '1 second' where "code_hash" = ?`,
        [tokenDigest(params.code)],
      );
    const body = await expectOAuthError(await postForm(service, TOKEN, params), 400, 'invalid_grant');
    expect(body.error_description).toMatch(/expired/);
  });

  it('a code used twice fails and revokes what the first use issued', async () => {
    const params = await codeParams();
    const first = await tokens(params);
    await expectOAuthError(await postForm(service, TOKEN, params), 400, 'invalid_grant');
    expect(await viewer(service, first.access_token)).toEqual({ error: 'UNAUTHENTICATED' });
    await expectOAuthError(await postForm(service, TOKEN, refreshParams(first.refresh_token)), 400, 'invalid_grant');
  });
});

const racesRun = hasPostgres('token-errors races');

describe.skipIf(!racesRun)('races (PostgreSQL: contenders released together)', () => {
  it('two concurrent exchanges of one code: exactly one succeeds, the other is invalid_grant', async () => {
    for (let round = 0; round < RACE_ROUNDS; round++) {
      const params = await codeParams();
      const exchange = () => postForm(service, TOKEN, params);
      const released = await releasedTogether(service.env.databaseUrl!, 'oauth_authorization_code', [
        exchange,
        exchange,
      ]);
      expect(released.waiting, `round ${round}: both contenders held at the lock`).toBe(2);
      const responses = valuesOf(released);
      expect(responses.map((r) => r.status).sort(), `round ${round}`).toEqual([200, 400]);
      await expectOAuthError(
        responses.find((r) => r.status === 400)!,
        400,
        'invalid_grant',
      );
    }
  });

  it('concurrent refreshes of one token: exactly one succeeds, and the reuse revokes the grant', async () => {
    for (let round = 0; round < RACE_ROUNDS; round++) {
      const first = await tokens(await codeParams());
      const refresh = () => postForm(service, TOKEN, refreshParams(first.refresh_token));
      const released = await releasedTogether(
        service.env.databaseUrl!,
        'oauth_refresh_token',
        Array.from({ length: 5 }, () => refresh),
      );
      expect(released.waiting, `round ${round}: every contender held at the lock`).toBe(5);
      const responses = valuesOf(released);
      expect(responses.map((r) => r.status).sort(), `round ${round}`).toEqual([200, 400, 400, 400, 400]);
      for (const loser of responses.filter((r) => r.status === 400))
        await expectOAuthError(loser, 400, 'invalid_grant');
      const winner = (await responses.find((r) => r.status === 200)!.json()) as { access_token: string };
      expect(await viewer(service, winner.access_token)).toEqual({ error: 'UNAUTHENTICATED' });
      expect(await viewer(service, first.access_token)).toEqual({ error: 'UNAUTHENTICATED' });
    }
  });
});
