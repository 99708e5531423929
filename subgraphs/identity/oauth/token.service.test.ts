/**
 * OAuthTokenService's refusals that come before any database work: the grant type, and a client
 * that presents no credentials or a published demo secret in production. The EntityManager throws
 * if touched. What needs stored clients, codes and refresh tokens is in token.service.int.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { EntityManager } from '../../kernel/db/orm.js';
import { loadEnv, type Env } from '../../kernel/env.js';
import { PUBLISHED_DEMO_CLIENT_SECRETS } from '../published-demo-credentials.js';
import type { TokenRequestInput } from './oauth.types.js';
import { OAuthTokenService } from './token.service.js';

const untouchable = new Proxy({} as EntityManager, {
  get: (_target, property) => {
    throw new Error(`the database was touched (em.${String(property)}) before the request was refused`);
  },
});

const service = (env: Env = loadEnv({})) =>
  new OAuthTokenService({ requestId: 'unit', principal: { kind: 'anonymous' }, em: untouchable, env });

async function oauthError(input: TokenRequestInput, env?: Env): Promise<{ error: string; message: string }> {
  const error = await service(env)
    .requestToken(input)
    .then(
      () => undefined,
      (e: unknown) => e as { error: string; message: string },
    );
  expect(error, 'the request was refused').toBeDefined();
  return { error: error!.error, message: error!.message };
}

const CLIENT = { clientId: 'rmp_app', clientSecret: 'rmps_secret' };

describe('OAuthTokenService.requestToken before the database', () => {
  it.each<[string, TokenRequestInput, string, RegExp]>([
    ['no grant_type', { ...CLIENT }, 'invalid_request', /grant_type is required/],
    ['an empty grant_type', { ...CLIENT, grantType: '' }, 'invalid_request', /grant_type is required/],
    ['the password grant', { ...CLIENT, grantType: 'password' }, 'unsupported_grant_type', /password/],
    [
      'client_credentials',
      { ...CLIENT, grantType: 'client_credentials' },
      'unsupported_grant_type',
      /client_credentials/,
    ],
    [
      'a grant type in capitals',
      { ...CLIENT, grantType: 'AUTHORIZATION_CODE' },
      'unsupported_grant_type',
      /not supported/,
    ],
    ['no client_id', { grantType: 'authorization_code', clientSecret: 's' }, 'invalid_client', /./],
    ['no client_secret', { grantType: 'refresh_token', clientId: 'rmp_app' }, 'invalid_client', /./],
    [
      'an empty client_secret',
      { grantType: 'refresh_token', clientId: 'rmp_app', clientSecret: '' },
      'invalid_client',
      /./,
    ],
  ])('refuses %s', async (_what, input, error, message) => {
    const refused = await oauthError(input);
    expect(refused.error).toBe(error);
    expect(refused.message).toMatch(message);
  });

  it('checks the grant type before the client: an unsupported grant without credentials is unsupported_grant_type', async () => {
    expect((await oauthError({ grantType: 'implicit' })).error).toBe('unsupported_grant_type');
  });

  it('refuses a published demo client secret in production as invalid_client, without looking the client up', async () => {
    const production: Env = { ...loadEnv({}), nodeEnv: 'production' };
    for (const clientSecret of PUBLISHED_DEMO_CLIENT_SECRETS) {
      const input = { grantType: 'authorization_code', clientId: 'rmp_demo_consumer_app', clientSecret };
      expect((await oauthError(input, production)).error).toBe('invalid_client');
    }
  });
});
