/**
 * Signing-key rotation and retirement (issue 6, item 8): keys:rotate adds a key that signs while the
 * old one keeps verifying; keys:retire takes a key out of the JWKS and its tokens stop verifying, in
 * this process at once and in any other process within SIGNING_KEY_CACHE_SECONDS (1 s here).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestService, TEST_OPERATOR_TOKEN, type TestService } from '../../../test/harness.js';
import { runOps } from '../../../test/ops-runner.js';
import { freePort } from '../../../processes/child-services.js';
import { SqlAccessTokenVerifier } from '../../kernel/auth/access-token-verifier.js';
import { rootEntityManager } from '../../kernel/db/orm.js';
import { createUser, registerApp, tokensFor, type App } from './oauth.fixtures.js';

let service: TestService;
let app: App;
let userId: string;

beforeAll(async () => {
  const port = await freePort();
  service = await startTestService({
    demoData: false,
    env: { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, SIGNING_KEY_CACHE_SECONDS: '1' },
  });
  app = await registerApp(service);
  userId = await createUser(service);
});

interface KeyRow {
  readonly kid: string;
  readonly status: string;
  readonly createdAt: string;
  readonly retiredAt: string | null;
}

async function ops(...args: string[]): Promise<{ code: number | null; out: Record<string, unknown> }> {
  const run = await runOps([...args, '--url', `${service.url}/graphql`, '--token', TEST_OPERATOR_TOKEN]);
  return { code: run.code, out: JSON.parse(run.stdout || run.stderr) as Record<string, unknown> };
}

const kidOf = (jwt: string): string =>
  (JSON.parse(Buffer.from(jwt.split('.')[0] ?? '', 'base64url').toString('utf8')) as { kid: string }).kid;

async function jwksKids(): Promise<string[]> {
  const response = await service.call('/.well-known/jwks.json');
  return ((await response.json()) as { keys: { kid: string }[] }).keys.map((k) => k.kid);
}

/** The caller's view through GraphQL: `user`, or the error code and reason. */
async function viewer(token: string): Promise<unknown> {
  const result = await service.graphql<{ viewer: { kind: string } }>('{ viewer { kind } }', {}, token);
  return result.data?.viewer.kind ?? result.errors?.[0]?.extensions;
}

/** An authenticated REST call: 404 for a live token (no such device), 401 otherwise. */
async function restStatus(token: string): Promise<{ status: number; challenge: string | null }> {
  const answer = await service.rest('DELETE', '/api/v1/user/devices/no-such-device', token);
  return { status: answer.status, challenge: answer.response.headers.get('www-authenticate') };
}

describe('keys:rotate and keys:retire', () => {
  it('rotates: the new key signs, the old one keeps verifying until it is retired, then stops everywhere', async () => {
    const old = await tokensFor(service, app, userId);
    const oldKid = kidOf(old.accessToken);

    const rotated = await ops('keys:rotate');
    expect(rotated.code).toBe(0);
    expect(rotated.out).toMatchObject({ status: 'active', retiredAt: null });
    const newKid = rotated.out.kid as string;
    expect(newKid).not.toBe(oldKid);

    const listed = await ops('keys:list');
    // Other tests (in any order) leave keys of their own, retired or verifying: these two are the point.
    const statuses = new Map((listed.out.keys as KeyRow[]).map((k) => [k.kid, k.status]));
    expect((listed.out.keys as KeyRow[])[0]).toMatchObject({ kid: newKid, status: 'active' });
    expect(statuses.get(oldKid)).toBe('verifying');
    const published = await jwksKids();
    expect(published[0]).toBe(newKid);
    expect(published).toContain(oldKid);
    expect(published).toEqual([...statuses].filter(([, status]) => status !== 'retired').map(([kid]) => kid));

    const fresh = await tokensFor(service, app, userId);
    expect(kidOf(fresh.accessToken)).toBe(newKid);
    expect(await viewer(old.accessToken)).toBe('user');
    expect((await restStatus(old.accessToken)).status).toBe(404);

    const retired = await ops('keys:retire', '--kid', oldKid);
    expect(retired.code).toBe(0);
    expect(retired.out).toMatchObject({ kid: oldKid, status: 'retired', retiredAt: expect.any(String) });
    expect(await jwksKids()).toEqual(published.filter((kid) => kid !== oldKid));
    expect(await viewer(old.accessToken)).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'invalid_token' });
    expect(await restStatus(old.accessToken)).toEqual({ status: 401, challenge: 'Bearer error="invalid_token"' });
    const verify = await service.rest('POST', '/api/v1/auth/verify', undefined, { token: old.accessToken });
    expect({ status: verify.status, error: verify.body.error }).toEqual({ status: 401, error: 'invalid_token' });
    expect(await viewer(fresh.accessToken)).toBe('user');
  });

  it('refuses to retire the active key (rotate first) and an unknown kid; retiring twice changes nothing', async () => {
    // Two rotations: at least one verifying key to retire, whatever ran before (even no key at all).
    for (let i = 0; i < 2; i++) expect((await ops('keys:rotate')).code).toBe(0);
    const keys = (await ops('keys:list')).out.keys as KeyRow[];
    const active = keys.find((k) => k.status === 'active')!;
    const refused = await ops('keys:retire', '--kid', active.kid);
    expect(refused.code).not.toBe(0);
    expect(refused.out).toMatchObject({ code: 'active_signing_key' });
    expect(await jwksKids()).toContain(active.kid);

    const unknown = await ops('keys:retire', '--kid', 'no-such-kid');
    expect(unknown.out).toMatchObject({ code: 'signing_key_not_found' });

    const verifying = keys.find((k) => k.status === 'verifying')!;
    const retired = await ops('keys:retire', '--kid', verifying.kid);
    expect(retired.out).toMatchObject({ kid: verifying.kid, status: 'retired', retiredAt: expect.any(String) });
    const again = await ops('keys:retire', '--kid', verifying.kid);
    expect(again.code).toBe(0);
    expect(again.out).toMatchObject({ kid: verifying.kid, status: 'retired', retiredAt: retired.out.retiredAt });
  });

  it('is for operators only', async () => {
    const token = (await tokensFor(service, app, userId)).accessToken;
    for (const query of ['{ signingKeys { kid } }', 'mutation { rotateSigningKey { kid } }']) {
      expect((await service.graphql(query)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      expect((await service.graphql(query, {}, token)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
  });

  it('stops verifying in another process within the cache time, and a deleted key too', async () => {
    // A verifier of its own stands for another process: this process's retirement does not reach it.
    const other = new SqlAccessTokenVerifier(rootEntityManager(service.orm), { ...service.env });
    const token = (await tokensFor(service, app, userId)).accessToken;
    const kid = kidOf(token);
    expect(await other.verify(token)).not.toBeNull();
    await ops('keys:rotate');
    const em = rootEntityManager(service.orm).fork();
    // Another process retires it (straight in the shared database, so this process hears nothing).
    await em.execute('update "oauth_signing_key" set "retired_at" = now() where "kid" = ?', [kid]);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await other.verify(token)).toBeNull();
    expect(await viewer(token)).toMatchObject({ code: 'UNAUTHENTICATED' });

    const next = (await tokensFor(service, app, userId)).accessToken;
    expect(await other.verify(next)).not.toBeNull();
    await ops('keys:rotate');
    await em.execute('delete from "oauth_signing_key" where "kid" = ?', [kidOf(next)]);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await other.verify(next)).toBeNull();
  });
});
