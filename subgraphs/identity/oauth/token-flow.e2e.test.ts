/**
 * The token side of the authorization server driven by an independent client library (oauth4webapi)
 * in the RFC 6749 form dialect, and by plain fetch in the interface's JSON dialect.
 */
import { decodeJwt, decodeProtectedHeader } from 'jose';
import * as oauth from 'oauth4webapi';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from '../../../test/harness.js';
import {
  createUser,
  issueCode,
  pkce,
  postJson,
  REDIRECT_URI,
  registerApp,
  startOAuthService,
  USER_SCOPES,
  viewer,
  type App,
} from '../../../test/fixtures/oauth.fixtures.js';

const insecure = { [oauth.allowInsecureRequests]: true } as const;

let service: TestService;
let app: App;
let userId: string;
let as: oauth.AuthorizationServer;
let issuer: string;

beforeAll(async () => {
  service = await startOAuthService();
  app = await registerApp(service);
  userId = await createUser(service);
  issuer = service.env.publicUrl;
  const response = await oauth.discoveryRequest(new URL(issuer), { algorithm: 'oauth2', ...insecure });
  as = await oauth.processDiscoveryResponse(new URL(issuer), response);
});

describe('well-known documents', () => {
  it('publishes RFC 8414 metadata', () => {
    expect(as).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/oauth/authorize`,
      token_endpoint: `${issuer}/api/v1/auth/token`,
      jwks_uri: `${issuer}/.well-known/jwks.json`,
      revocation_endpoint: `${issuer}/api/v1/auth/revoke`,
      introspection_endpoint: `${issuer}/api/v1/auth/verify`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      authorization_response_iss_parameter_supported: true,
    });
    expect(as.scopes_supported).toEqual(expect.arrayContaining(['user.profile.read', 'store.products.read']));
  });

  it('publishes the signing keys as a JWKS', async () => {
    const response = await service.call('/.well-known/jwks.json');
    expect(response.status).toBe(200);
    const jwks = (await response.json()) as { keys: Record<string, string>[] };
    expect(jwks.keys.length).toBeGreaterThanOrEqual(1);
    expect(jwks.keys[0]).toEqual({
      kty: 'OKP',
      crv: 'Ed25519',
      x: expect.any(String),
      kid: expect.any(String),
      alg: 'EdDSA',
      use: 'sig',
    });
    expect(JSON.stringify(jwks)).not.toMatch(/"d"/);
  });
});

describe('form dialect with oauth4webapi', () => {
  const client = (): oauth.Client => ({ client_id: app.clientId });

  async function exchange(auth: oauth.ClientAuth = oauth.ClientSecretBasic(app.clientSecret)) {
    const { verifier, challenge } = pkce();
    const code = await issueCode(service, app, userId, { challenge });
    const callback = new URL(`${REDIRECT_URI}?code=${code}&iss=${encodeURIComponent(issuer)}`);
    const params = oauth.validateAuthResponse(as, client(), callback, oauth.expectNoState);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client(),
      auth,
      params,
      REDIRECT_URI,
      verifier,
      insecure,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('pragma')).toBe('no-cache');
    return oauth.processAuthorizationCodeResponse(as, client(), response);
  }

  it('exchanges a code (PKCE S256) for an RFC 9068 access token and a refresh token', async () => {
    const tokens = await exchange();
    expect(tokens).toMatchObject({ token_type: 'bearer', expires_in: 3600, scope: USER_SCOPES.join(' ') });
    expect(tokens.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const header = decodeProtectedHeader(tokens.access_token);
    const jwks = (await (await service.call('/.well-known/jwks.json')).json()) as { keys: { kid: string }[] };
    expect(header).toEqual({ alg: 'EdDSA', typ: 'at+jwt', kid: jwks.keys[0]!.kid });
    const claims = decodeJwt(tokens.access_token);
    expect(claims).toMatchObject({
      iss: issuer,
      aud: issuer,
      sub: userId,
      client_id: app.clientId,
      scope: USER_SCOPES.join(' '),
    });
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(claims.jti).toEqual(expect.any(String));
    expect(claims).toHaveProperty('grant_id');
    expect(claims.org_id).toBeUndefined();
    // A resource server using the same library accepts it (typ, iss, aud, exp, signature via jwks_uri).
    const request = new Request(`${issuer}/graphql`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    const validated = await oauth.validateJwtAccessToken(as, request, issuer, insecure);
    expect(validated.sub).toBe(userId);
    expect(await viewer(service, tokens.access_token)).toMatchObject({ kind: 'user', userId, clientId: app.clientId });
  });

  it('accepts client_secret_post too', async () => {
    const tokens = await exchange(oauth.ClientSecretPost(app.clientSecret));
    expect(tokens.access_token).toBeTruthy();
  });

  it('refreshes: the old access token stops working at once, the new one works; introspection agrees', async () => {
    const first = await exchange();
    const auth = oauth.ClientSecretBasic(app.clientSecret);
    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client(),
      await oauth.refreshTokenGrantRequest(as, client(), auth, first.refresh_token!, insecure),
    );
    expect(refreshed.refresh_token).not.toBe(first.refresh_token);
    expect(await viewer(service, first.access_token)).toEqual({ error: 'UNAUTHENTICATED' });
    expect(await viewer(service, refreshed.access_token)).toMatchObject({ kind: 'user', userId });

    const introspect = async (token: string) =>
      oauth.processIntrospectionResponse(
        as,
        client(),
        await oauth.introspectionRequest(as, client(), auth, token, insecure),
      );
    expect(await introspect(first.access_token)).toEqual({ active: false });
    expect(await introspect(refreshed.access_token)).toMatchObject({
      active: true,
      client_id: app.clientId,
      sub: userId,
      scope: USER_SCOPES.join(' '),
      token_type: 'Bearer',
      iss: issuer,
    });

    // The rotated refresh token presented again: refused, and the whole grant is revoked (RFC 9700).
    await expect(
      oauth.processRefreshTokenResponse(
        as,
        client(),
        await oauth.refreshTokenGrantRequest(as, client(), auth, first.refresh_token!, insecure),
      ),
    ).rejects.toMatchObject({ error: 'invalid_grant', status: 400 });
    expect(await viewer(service, refreshed.access_token)).toEqual({ error: 'UNAUTHENTICATED' });
    expect(await introspect(refreshed.access_token)).toEqual({ active: false });
  });

  it('revokes: a revoked refresh token kills its whole grant; an unknown token is still 200', async () => {
    const tokens = await exchange();
    const auth = oauth.ClientSecretBasic(app.clientSecret);
    await oauth.processRevocationResponse(
      await oauth.revocationRequest(as, client(), auth, tokens.refresh_token!, insecure),
    );
    expect(await viewer(service, tokens.access_token)).toEqual({ error: 'UNAUTHENTICATED' });
    await expect(
      oauth.processRefreshTokenResponse(
        as,
        client(),
        await oauth.refreshTokenGrantRequest(as, client(), auth, tokens.refresh_token!, insecure),
      ),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, client(), auth, 'no-such-token', insecure));
  });

  it('revoking an access token revokes its grant', async () => {
    const tokens = await exchange();
    const auth = oauth.ClientSecretBasic(app.clientSecret);
    await oauth.processRevocationResponse(
      await oauth.revocationRequest(as, client(), auth, tokens.access_token, insecure),
    );
    expect(await viewer(service, tokens.access_token)).toEqual({ error: 'UNAUTHENTICATED' });
  });
});

describe('JSON dialect with fetch', () => {
  it('runs token, verify (body and bearer), refresh and revoke', async () => {
    const { verifier, challenge } = pkce();
    const code = await issueCode(service, app, userId, { challenge });
    const tokenResponse = await postJson(service, '/api/v1/auth/token', {
      grantType: 'authorization_code',
      clientId: app.clientId,
      clientSecret: app.clientSecret,
      code,
      redirectUri: REDIRECT_URI,
      codeVerifier: verifier,
      unknownField: 'ignored',
    });
    expect(tokenResponse.status).toBe(200);
    expect(tokenResponse.headers.get('cache-control')).toBe('no-store');
    const pair = (await tokenResponse.json()) as { accessToken: string; refreshToken: string };
    expect(pair).toEqual({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      tokenType: 'Bearer',
      expiresIn: 3600,
      scope: USER_SCOPES.join(' '),
    });

    const verified = await postJson(service, '/api/v1/auth/verify', { token: pair.accessToken });
    expect(verified.status).toBe(200);
    const facts = (await verified.json()) as Record<string, unknown>;
    expect(facts).toMatchObject({
      active: true,
      scope: USER_SCOPES.join(' '),
      scopes: USER_SCOPES,
      exp: expect.any(Number),
      expiresAt: expect.stringMatching(/Z$/),
      clientId: app.clientId,
      tokenType: 'Bearer',
      sub: userId,
      userId,
    });
    expect(facts).not.toHaveProperty('businessAccountId');
    const byBearer = await service.call('/api/v1/auth/verify', {
      method: 'POST',
      headers: { authorization: `Bearer ${pair.accessToken}` },
    });
    expect(byBearer.status).toBe(200);

    const refreshed = await postJson(service, '/api/v1/auth/refresh', {
      refreshToken: pair.refreshToken,
      clientId: app.clientId,
      clientSecret: app.clientSecret,
    });
    expect(refreshed.status).toBe(200);
    const next = (await refreshed.json()) as { accessToken: string; refreshToken: string };
    expect(next.accessToken).not.toBe(pair.accessToken);
    expect((await postJson(service, '/api/v1/auth/verify', { token: pair.accessToken })).status).toBe(401);
    expect(await viewer(service, pair.accessToken)).toEqual({ error: 'UNAUTHENTICATED' });
    expect(await viewer(service, next.accessToken)).toMatchObject({ kind: 'user' });

    const revoked = await postJson(service, '/api/v1/auth/revoke', { token: next.refreshToken });
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toEqual({ revoked: true });
    expect(await viewer(service, next.accessToken)).toEqual({ error: 'UNAUTHENTICATED' });
    const rest = await service.call('/api/v1/auth/verify', {
      method: 'POST',
      headers: { authorization: `Bearer ${next.accessToken}` },
    });
    expect(rest.status).toBe(401);
    expect(rest.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
  });
});
