/**
 * Access token verification against PostgreSQL: signature, `typ`, issuer, audience, expiry and the
 * claims a token must carry; the grant must be live and in the token's generation; a retired or unknown
 * signing key verifies nothing (once the per-process key cache lets go of it).
 */
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openMigratedDatabase,
  TEST_PUBLIC_URL,
  type MigratedDatabase,
} from '../../../test/fixtures/migrated-database.js';
import { signAccessToken } from '../../identity/oauth/access-token.js';
import { insertGrant } from '../../identity/oauth/grant-store.js';
import { signingKeysFor, type SigningKey } from '../../identity/oauth/signing-keys.js';
import { uuidv7 } from '../db/uuid.js';
import { forgetPublicKey, principalOf, SqlAccessTokenVerifier } from './access-token-verifier.js';

let db: MigratedDatabase;
let key: SigningKey;
let grantId: string;
const USER = uuidv7();
const ORG = uuidv7();
const verifier = (env: { publicUrl: string; signingKeyCacheSeconds?: number } = db.env) =>
  new SqlAccessTokenVerifier(db.em(), env);

/** Signs `payload` as an access token would be, with any header and claim overridden. */
async function sign(
  claims: Record<string, unknown> = {},
  header: Record<string, unknown> = {},
  signingKey: SigningKey = key,
): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  return new SignJWT({
    iss: TEST_PUBLIC_URL,
    aud: TEST_PUBLIC_URL,
    sub: USER,
    client_id: 'rmp_app',
    scope: 'user.profile.read user.receipts.read',
    grant_id: grantId,
    grant_gen: 1,
    jti: uuidv7(),
    iat,
    exp: iat + 60,
    ...claims,
  })
    .setProtectedHeader({ alg: 'EdDSA', typ: 'at+jwt', kid: signingKey.kid, ...header })
    .sign(signingKey.key);
}

beforeAll(async () => {
  db = await openMigratedDatabase();
  key = await signingKeysFor(db.env).signingKey(db.em());
  grantId = await insertGrant(
    db.em(),
    { oauthClientId: uuidv7(), userId: USER, businessAccountId: null, scopes: ['user.profile.read'] },
    new Date(),
  );
});
afterAll(() => db?.close());

describe('SqlAccessTokenVerifier', () => {
  it('turns a token the server signed into its user principal', async () => {
    const subject = { grantId, generation: 1, userId: USER, clientId: 'rmp_app', businessAccountId: null };
    const { accessToken } = await signAccessToken({ ...subject, scopes: ['user.profile.read'] }, key, db.env);
    const principal = await verifier().verify(accessToken);
    expect(principal).toEqual({
      kind: 'user',
      userId: USER,
      clientId: 'rmp_app',
      grantId,
      scopes: new Set(['user.profile.read']),
      expiresAt: expect.any(Date),
    });
    expect(principal!.expiresAt.getTime() - Date.now()).toBeGreaterThan(3590_000);
    expect(principal!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(3600_000);
  });

  it('reads every claim, and a business token names its business account', async () => {
    const token = await sign({ org_id: ORG, scope: ' store.info.read  sales.read ', jti: 'j-1', iat: 100 });
    const claims = await verifier().verifySignature(token);
    expect(claims).toEqual({
      sub: USER,
      clientId: 'rmp_app',
      scopes: ['store.info.read', 'sales.read'],
      grantId,
      generation: 1,
      businessAccountId: ORG,
      issuedAt: 100,
      expiresAt: expect.any(Number),
      jti: 'j-1',
      aud: TEST_PUBLIC_URL,
      iss: TEST_PUBLIC_URL,
    });
    expect(principalOf(claims!)).toMatchObject({ kind: 'business', businessAccountId: ORG, userId: USER });
    expect(await verifier().verify(token)).toMatchObject({ kind: 'business', businessAccountId: ORG });
  });

  it.each([
    ['another issuer', { iss: 'https://elsewhere.example' }, {}],
    ['another audience', { aud: 'https://elsewhere.example' }, {}],
    ['an expired token', { exp: Math.floor(Date.now() / 1000) - 120 }, {}],
    ['another typ', {}, { typ: 'JWT' }],
    ['no sub', { sub: undefined }, {}],
    ['no client_id', { client_id: undefined }, {}],
    ['no scope', { scope: undefined }, {}],
    ['no jti', { jti: undefined }, {}],
    ['a numeric sub', { sub: 7 }, {}],
    ['a numeric client_id', { client_id: 7 }, {}],
    ['a scope list', { scope: ['user.profile.read'] }, {}],
    ['no grant id', { grant_id: undefined }, {}],
    ['a grant id that is not a UUID', { grant_id: 'g1' }, {}],
    ['a numeric grant id', { grant_id: 1 }, {}],
    ['a generation as text', { grant_gen: '1' }, {}],
    ['a numeric jti', { jti: 5 }, {}],
    ['a numeric org_id', { org_id: 5 }, {}],
    ['an unknown kid', {}, { kid: 'no-such-kid' }],
    ['an over-long kid', {}, { kid: 'k'.repeat(65) }],
    ['no kid', {}, { kid: undefined }],
  ])('refuses %s', async (_what, claims, header) => {
    const token = await sign(claims, header);
    expect(await verifier().verifySignature(token)).toBeNull();
    expect(await verifier().verify(token)).toBeNull();
  });

  it('refuses an altered signature', async () => {
    const token = await sign();
    const altered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await verifier().verify(altered)).toBeNull();
    expect(await verifier().verify(token)).not.toBeNull();
  });

  it('accepts an expired token only when asked to ignore expiry (revocation)', async () => {
    const token = await sign({ exp: Math.floor(Date.now() / 1000) - 120 });
    expect(await verifier().verifySignature(token, true)).toMatchObject({ grantId });
    expect(await verifier().verifySignature(token, false)).toBeNull();
  });

  it('is live only in the grant’s generation and while the grant is not revoked', async () => {
    const id = await insertGrant(
      db.em(),
      { oauthClientId: uuidv7(), userId: USER, businessAccountId: null, scopes: [] },
      new Date(),
    );
    expect(await verifier().isLive({ grantId: id, generation: 1 })).toBe(true);
    expect(await verifier().isLive({ grantId: id, generation: 2 })).toBe(false);
    expect(await verifier().isLive({ grantId: uuidv7(), generation: 1 })).toBe(false);
    expect(await verifier().verify(await sign({ grant_id: id, grant_gen: 2 }))).toBeNull();
    await db.em().execute('update "oauth_grant" set "revoked_at" = now() where "id" = ?', [id]);
    expect(await verifier().isLive({ grantId: id, generation: 1 })).toBe(false);
  });

  it('stops verifying with a retired key once the cache lets go of it', async () => {
    const env = { ...db.env, signingKeyCacheSeconds: 0 };
    const retiring = await signingKeysFor(env).signingKey(db.em());
    const kid = await signingKeysFor(env).rotate(db.em());
    const fresh = await signingKeysFor(env).signingKey(db.em());
    expect(fresh.kid).toBe(kid);
    const token = await sign({}, {}, fresh);
    expect(await verifier(env).verify(token)).not.toBeNull();
    await db.em().execute('update "oauth_signing_key" set "retired_at" = now() where "kid" = ?', [fresh.kid]);
    // Cached for 30 s by default: still verifies until the process forgets the key.
    expect(await verifier({ publicUrl: db.env.publicUrl }).verify(token)).not.toBeNull();
    forgetPublicKey(fresh.kid);
    expect(await verifier({ publicUrl: db.env.publicUrl }).verify(token)).toBeNull();
    expect(retiring.kid).not.toBe(fresh.kid);
  });

  it('looks a key up again once it is older than the cache time', async () => {
    const env = { ...db.env, signingKeyCacheSeconds: 0 };
    const kid = await signingKeysFor(env).rotate(db.em());
    const signing = await signingKeysFor(env).signingKey(db.em());
    expect(signing.kid).toBe(kid);
    const token = await sign({}, {}, signing);
    expect(await verifier(env).verify(token)).not.toBeNull();
    await db.em().execute('update "oauth_signing_key" set "retired_at" = now() where "kid" = ?', [kid]);
    expect(await verifier(env).verify(token)).toBeNull();
  });
});
