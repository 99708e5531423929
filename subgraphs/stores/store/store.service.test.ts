/**
 * StoreService's checks that need no database: callers and input are refused before any query
 * (the context's EntityManager throws if touched). What needs stored rows is in
 * store.service.int.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { Principal } from '../../kernel/auth/principal.js';
import type { BaseContext } from '../../kernel/context.js';
import type { EntityManager } from '../../kernel/db/orm.js';
import { loadEnv } from '../../kernel/env.js';
import type { CreateStoreInput, PublicStoreSearchArgs } from './store.input.js';
import { StoreService } from './store.service.js';

/** An EntityManager that fails the test on any use: these paths must not reach the database. */
const untouchable = new Proxy({} as EntityManager, {
  get: (_target, property) => {
    throw new Error(`the database was touched (em.${String(property)}) before the input was refused`);
  },
});

const service = (principal: Principal = { kind: 'operator' }): StoreService =>
  new StoreService({ requestId: 'unit', principal, em: untouchable, env: loadEnv({}) } satisfies BaseContext);

/** The coded error a call throws: its extensions, with the field errors. */
async function refusal(call: Promise<unknown>): Promise<Record<string, unknown>> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e as { extensions: Record<string, unknown> },
  );
  expect(error, 'the call was refused').toBeDefined();
  return error!.extensions;
}

const fieldErrors = (path: string, message: RegExp) => ({
  code: 'BAD_USER_INPUT',
  reason: 'validation_failed',
  errors: [{ path, message: expect.stringMatching(message) as unknown }],
});

const VALID: CreateStoreInput = {
  businessAccountId: '01900000-0000-7000-8001-000000000001',
  name: 'さくらマート 渋谷店',
  prefecture: '13',
  storeType: 'supermarket',
};

describe('StoreService.searchPublic input', () => {
  it.each<[string, PublicStoreSearchArgs, string, RegExp]>([
    ['page 0', { page: 0 }, 'page', /1 or more/],
    ['a negative page size', { pageSize: -1 }, 'pageSize', /1 or more/],
    ['101 characters of q', { q: 'あ'.repeat(101) }, 'q', /at most 100/],
    ['an unknown prefecture', { prefecture: '東京' }, 'prefecture', /unknown prefecture/],
    ['prefecture code 48', { prefecture: '48' }, 'prefecture', /unknown prefecture/],
    ['an unknown store type', { storeType: 'casino' }, 'storeType', /must be one of .*supermarket/],
  ])('refuses %s without a query', async (_what, args, path, message) => {
    expect(await refusal(service().searchPublic(args))).toEqual(fieldErrors(path, message));
  });

  it('reports every invalid parameter at once, in order', async () => {
    const extensions = await refusal(
      service().searchPublic({ page: 0, pageSize: 0, q: 'x'.repeat(101), prefecture: 'Atlantis', storeType: 'x' }),
    );
    expect((extensions.errors as { path: string }[]).map((e) => e.path)).toEqual([
      'page',
      'pageSize',
      'q',
      'prefecture',
      'storeType',
    ]);
  });
});

describe('StoreService.getPublic', () => {
  it.each(['not-a-uuid', '', "1' or '1'='1", '01900000-0000-7000-8002-00000000000'])(
    'answers a malformed id (%j) not found without a query',
    async (id) => {
      expect(await refusal(service({ kind: 'anonymous' }).getPublic(id))).toEqual({
        code: 'NOT_FOUND',
        reason: 'store_not_found',
      });
    },
  );
});

describe('StoreService.create', () => {
  it.each<[string, Principal, Record<string, unknown>]>([
    ['no token', { kind: 'anonymous' }, { code: 'UNAUTHENTICATED', reason: 'unauthenticated' }],
    [
      'an invalid token',
      { kind: 'anonymous', invalidToken: true },
      { code: 'UNAUTHENTICATED', reason: 'invalid_token' },
    ],
    [
      'a user token',
      {
        kind: 'user',
        userId: 'u',
        clientId: 'c',
        grantId: 'g',
        scopes: new Set(['user.profile.read']),
        expiresAt: new Date(Date.now() + 60_000),
      },
      { code: 'FORBIDDEN', reason: 'operator_only' },
    ],
  ])('refuses %s before looking at the input', async (_who, principal, extensions) => {
    expect(await refusal(service(principal).create({ ...VALID, name: '' }))).toEqual(extensions);
  });

  it.each<[string, Partial<CreateStoreInput>, string, RegExp]>([
    ['a blank name', { name: '   ' }, 'name', /1 to 200/],
    ['a 201-character name', { name: 'x'.repeat(201) }, 'name', /1 to 200/],
    ['a business account id that is no UUID', { businessAccountId: 'b1' }, 'businessAccountId', /UUID/],
    ['an unknown prefecture', { prefecture: '00' }, 'prefecture', /unknown prefecture/],
    ['an unknown store type', { storeType: 'SUPERMARKET' }, 'storeType', /must be one of/],
    ['a 201-character reading', { nameKana: 'ア'.repeat(201) }, 'nameKana', /at most 200/],
    ['a 301-character address', { address: 'x'.repeat(301) }, 'address', /at most 300/],
    ['letters in the phone number', { phone: '03-CALL-NOW' }, 'phone', /telephone number/],
    ['a 33-character phone number', { phone: '0'.repeat(33) }, 'phone', /telephone number/],
    ['a postal code of six digits', { postalCode: '100-001' }, 'postalCode', /100-0001/],
    ['a postal code with a trailing newline', { postalCode: '100-0001\n' }, 'postalCode', /100-0001/],
    ['a 129-character place id', { placeId: 'p'.repeat(129) }, 'placeId', /at most 128/],
  ])('refuses %s without a query', async (_what, change, path, message) => {
    expect(await refusal(service().create({ ...VALID, ...change }))).toEqual(fieldErrors(path, message));
  });

  it('reports every invalid field at once', async () => {
    const extensions = await refusal(
      service().create({ businessAccountId: 'x', name: '', prefecture: 'x', storeType: 'x', phone: 'x' }),
    );
    expect((extensions.errors as { path: string }[]).map((e) => e.path)).toEqual([
      'name',
      'businessAccountId',
      'prefecture',
      'storeType',
      'phone',
    ]);
  });
});
