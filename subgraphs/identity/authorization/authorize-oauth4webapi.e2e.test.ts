/**
 * The whole authorization-code + PKCE flow driven by an independent client library (oauth4webapi):
 * discovery, the authorization URL built by its helpers, the pages walked with fetch, the callback
 * validated by validateAuthResponse (state and RFC 9207 iss), then exchange, refresh, introspection
 * and revocation in the RFC 6749 form dialect.
 */
import * as oauth from 'oauth4webapi';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from '../../../test/harness.js';
import { startOAuthService } from '../../../test/fixtures/oauth.fixtures.js';
import {
  approveApp,
  CookieClient,
  createUser,
  formOf,
  registerApp,
  signInThrough,
  type RegisteredApp,
} from '../../../test/fixtures/authorization.fixtures.js';

const insecure = { [oauth.allowInsecureRequests]: true } as const;

let service: TestService;
let app: RegisteredApp;
let email: string;
let as: oauth.AuthorizationServer;

beforeAll(async () => {
  service = await startOAuthService();
  app = await registerApp(service, { scopes: ['user.profile.read', 'user.receipts.read'] });
  await approveApp(service, app.clientId);
  email = await createUser(service);
  const issuer = new URL(service.env.publicUrl);
  as = await oauth.processDiscoveryResponse(
    issuer,
    await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }),
  );
});

describe('authorization code + PKCE with oauth4webapi', () => {
  it('authorizes, exchanges, refreshes, introspects and revokes', async () => {
    const client: oauth.Client = { client_id: app.clientId };
    const auth = oauth.ClientSecretBasic(app.clientSecret);
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const url = new URL(as.authorization_endpoint!);
    url.searchParams.set('client_id', app.clientId);
    url.searchParams.set('redirect_uri', app.redirectUri);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', 'user.profile.read user.receipts.read');
    url.searchParams.set('state', state);
    url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
    url.searchParams.set('code_challenge_method', 'S256');

    const browser = new CookieClient(service.url);
    const consent = await signInThrough(browser, url.search.slice(1), email);
    const form = formOf(await consent.text(), '/oauth/consent');
    const approved = await browser.post(form.action, { ...form.fields, decision: 'approve' });
    const callback = new URL(approved.headers.get('location')!);
    const params = oauth.validateAuthResponse(as, client, callback, state);
    expect(() => oauth.validateAuthResponse(as, client, callback, 'another-state')).toThrow();
    const forged = new URL(callback);
    forged.searchParams.set('iss', 'https://attacker.example');
    expect(() => oauth.validateAuthResponse(as, client, forged, state)).toThrow();

    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(as, client, auth, params, app.redirectUri, verifier, insecure),
    );
    expect(tokens).toMatchObject({ token_type: 'bearer', scope: 'user.profile.read user.receipts.read' });

    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, auth, tokens.refresh_token!, insecure),
    );
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);

    const introspect = async (token: string) =>
      oauth.processIntrospectionResponse(
        as,
        client,
        await oauth.introspectionRequest(as, client, auth, token, insecure),
      );
    expect(await introspect(tokens.access_token)).toEqual({ active: false });
    expect(await introspect(refreshed.access_token)).toMatchObject({ active: true, client_id: app.clientId });

    await oauth.processRevocationResponse(
      await oauth.revocationRequest(as, client, auth, refreshed.refresh_token!, insecure),
    );
    expect(await introspect(refreshed.access_token)).toEqual({ active: false });
  });

  it('sees a denial as access_denied with the right iss', async () => {
    const client: oauth.Client = { client_id: app.clientId };
    const state = oauth.generateRandomState();
    const query = new URLSearchParams({
      client_id: app.clientId,
      redirect_uri: app.redirectUri,
      response_type: 'code',
      scope: 'user.profile.read',
      state,
    }).toString();
    const browser = new CookieClient(service.url);
    const consent = await signInThrough(browser, query, email);
    const form = formOf(await consent.text(), '/oauth/consent');
    const denied = await browser.post(form.action, { ...form.fields, decision: 'deny' });
    const callback = new URL(denied.headers.get('location')!);
    expect(() => oauth.validateAuthResponse(as, client, callback, state)).toThrow(
      expect.objectContaining({ error: 'access_denied' }) as Error,
    );
  });
});
