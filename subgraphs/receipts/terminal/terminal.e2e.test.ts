import { beforeAll, describe, expect, it } from 'vitest';
import { resolveEntities } from '../../../test/entities.js';
import { startTestService, TEST_OPERATOR_TOKEN, type TestService } from '../../../test/harness.js';
import { rootEntityManager } from '../../kernel/db/orm.js';
import { receiptsSubgraph } from '../index.js';
import { Transaction } from '../transaction/transaction.entity.js';

const STORE = '01900000-0000-7000-8002-000000000001'; // さくらマート 渋谷店
const UNKNOWN_STORE = '01900000-0000-7000-8002-00000000ffff';

const CREATE = `mutation($input: CreateTerminalInput!) {
  createTerminal(input: $input) { id publicTerminalId allowMultipleClaims store { id } }
}`;

interface CreatedTerminal {
  id: string;
  publicTerminalId: string;
  allowMultipleClaims: boolean;
  store: { id: string };
}

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});

/** `token` null sends no Authorization header. */
function createTerminal(input: Record<string, unknown>, token: string | null = TEST_OPERATOR_TOKEN) {
  return service.graphql<{ createTerminal: CreatedTerminal }>(CREATE, { input }, token ?? undefined);
}

describe('createTerminal', () => {
  it('creates a terminal with a generated public id, readable with its store resolved by the stores subgraph', async () => {
    const created = await createTerminal({ storeId: STORE });
    expect(created.errors).toBeUndefined();
    const terminal = created.data!.createTerminal;
    expect(terminal.publicTerminalId).toMatch(/^[A-Z2-7]{10}$/);
    expect(terminal).toMatchObject({ allowMultipleClaims: false, store: { id: STORE } });

    const read = await service.graphql<{
      terminal: { id: string; publicTerminalId: string; store: { id: string; name: string; prefecture: string } };
    }>('query($p: String!) { terminal(publicTerminalId: $p) { id publicTerminalId store { id name prefecture } } }', {
      p: terminal.publicTerminalId,
    });
    expect(read.errors).toBeUndefined();
    expect(read.data!.terminal).toEqual({
      id: terminal.id,
      publicTerminalId: terminal.publicTerminalId,
      store: { id: STORE, name: 'さくらマート 渋谷店', prefecture: '東京都' },
    });
  });

  it('keeps a chosen public id and the multiple-claims setting', async () => {
    const created = await createTerminal({ storeId: STORE, publicTerminalId: 'shibuya-01', allowMultipleClaims: true });
    expect(created.errors).toBeUndefined();
    expect(created.data!.createTerminal).toMatchObject({ publicTerminalId: 'shibuya-01', allowMultipleClaims: true });
  });

  it('answers a public id already taken with CONFLICT', async () => {
    expect((await createTerminal({ storeId: STORE, publicTerminalId: 'TAKEN-001' })).errors).toBeUndefined();
    const again = await createTerminal({ storeId: STORE, publicTerminalId: 'TAKEN-001' });
    expect(again.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', reason: 'public_terminal_id_taken' });
  });

  it('answers an unknown store with BAD_USER_INPUT (unknown_store)', async () => {
    const result = await createTerminal({ storeId: UNKNOWN_STORE });
    expect(result.data).toBeNull();
    expect(result.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      reason: 'unknown_store',
      errors: [{ path: 'storeId', message: 'unknown store' }],
    });
  });

  it.each([
    ['a malformed store id', { storeId: 'store-1' }, 'storeId'],
    ['a public id of 5 characters', { storeId: STORE, publicTerminalId: 'ABCDE' }, 'publicTerminalId'],
    ['a public id of 17 characters', { storeId: STORE, publicTerminalId: 'A'.repeat(17) }, 'publicTerminalId'],
    ['a public id with a slash', { storeId: STORE, publicTerminalId: 'ABC/DEF' }, 'publicTerminalId'],
  ])('answers %s with BAD_USER_INPUT naming the field', async (_label, input, path) => {
    const result = await createTerminal(input);
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'validation_failed' });
    expect(result.errors?.[0]?.extensions?.errors).toEqual([expect.objectContaining({ path })]);
  });

  it('requires the operator', async () => {
    expect((await createTerminal({ storeId: STORE }, null)).errors?.[0]?.extensions).toMatchObject({
      code: 'UNAUTHENTICATED',
      reason: 'unauthenticated',
    });
    expect((await createTerminal({ storeId: STORE }, 'not-the-operator-token')).errors?.[0]?.extensions).toMatchObject({
      code: 'UNAUTHENTICATED',
      reason: 'invalid_token',
    });
  });
});

describe('terminal', () => {
  it.each([
    ['an unknown id', 'NOSUCHTERM'],
    ['a too short id', 'ABC'],
    ['a 5,000-character id', 'A'.repeat(5000)],
  ])('answers %s with NOT_FOUND (terminal_not_found)', async (_label, id) => {
    const result = await service.graphql('query($p: String!) { terminal(publicTerminalId: $p) { id } }', { p: id });
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', reason: 'terminal_not_found' });
  });
});

describe('Transaction entity', () => {
  it('resolves by reference with its lines, terminal and store', async () => {
    const created = await createTerminal({ storeId: STORE, publicTerminalId: 'TX-TERM-01' });
    const terminal = created.data!.createTerminal;
    const em = rootEntityManager(service.orm).fork();
    const transaction = em.create(Transaction, {
      terminalId: terminal.id,
      storeId: STORE,
      totalAmount: 1280,
      items: [{ name: 'おにぎり', unitPrice: 160, quantity: 8 }],
    });
    await em.flush();

    const result = await resolveEntities(
      service,
      receiptsSubgraph,
      'Transaction',
      [transaction.id, '01900000-0000-7000-8003-00000000ffff', 'nope'],
      'id totalAmount currency items { name unitPrice quantity } terminal { publicTerminalId } store { id }',
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!._entities).toEqual([
      {
        id: transaction.id,
        totalAmount: 1280,
        currency: 'JPY',
        items: [{ name: 'おにぎり', unitPrice: 160, quantity: 8 }],
        terminal: { publicTerminalId: 'TX-TERM-01' },
        store: { id: STORE },
      },
      null,
      null,
    ]);
  });

  it('cannot reference a terminal that does not exist (database foreign key)', async () => {
    const em = rootEntityManager(service.orm).fork();
    em.create(Transaction, { terminalId: '01900000-0000-7000-8003-00000000ffff', storeId: STORE, totalAmount: 1 });
    await expect(em.flush()).rejects.toThrow(/foreign key/i);
  });
});
