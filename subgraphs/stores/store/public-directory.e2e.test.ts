import { beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../test/harness.js';

const SAMPLE = '01900000-0000-7000-8002-000000000001'; // public, さくらマート 渋谷店
const UNLISTED = '01900000-0000-7000-8002-000000000008'; // さくらマート 難波店, unlisted
const PLACE_ONLY = '01900000-0000-7000-8002-000000000004'; // 吉祥寺店, only a place id

interface StoreList {
  items: {
    storeId: string;
    name: string;
    prefecture: string;
    prefectureCode: string;
    storeType: string;
    placeId: string | null;
  }[];
  page: number;
  pageSize: number;
  total: number;
}

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});

async function list(query: string): Promise<{ status: number; body: StoreList & Record<string, unknown> }> {
  const response = await service.call(`/api/v1/public/stores${query}`);
  return { status: response.status, body: (await response.json()) as never };
}

describe('GET /api/v1/public/stores', () => {
  it('lists publicly visible stores with the interface defaults', async () => {
    const { status, body } = await list('');
    expect(status).toBe(200);
    expect(body.page).toBe(1);
    expect(body.pageSize).toBe(30);
    expect(body.total).toBe(31); // 36 demo stores, 5 unlisted
    expect(body.items).toHaveLength(30);
    expect(body.items.map((s) => s.storeId)).not.toContain(UNLISTED);
  });

  it('filters by prefecture given as a name or a JIS code, and by store type', async () => {
    const byName = await list(`?prefecture=${encodeURIComponent('東京都')}&pageSize=100`);
    const byCode = await list('?prefecture=13&pageSize=100');
    expect(byName.status).toBe(200);
    expect(byName.body.items.length).toBeGreaterThan(5);
    expect(byName.body.items.every((s) => s.prefecture === '東京都' && s.prefectureCode === '13')).toBe(true);
    expect(byCode.body).toEqual(byName.body);
    const cafes = await list('?storeType=cafe');
    expect(cafes.body.items.every((s) => s.storeType === 'cafe')).toBe(true);
    expect(cafes.body.total).toBe(5);
  });

  it('matches q against name, kana and address, literally', async () => {
    expect((await list(`?q=${encodeURIComponent('渋谷')}`)).body.items.map((s) => s.name)).toEqual(
      expect.arrayContaining(['さくらマート 渋谷店', 'カフェ・ミドリ 表参道']),
    );
    expect((await list(`?q=${encodeURIComponent('アキハバラ')}`)).body.items.map((s) => s.name)).toEqual([
      '東西電機 秋葉原本店',
    ]);
    expect((await list(`?q=${encodeURIComponent('%')}`)).body.total).toBe(0);
    // Fields are searched one by one: text spanning the end of the kana and the start of the address matches nothing.
    expect((await list(`?q=${encodeURIComponent('テン\u001f渋谷')}`)).body.total).toBe(0);
    expect((await list(`?q=${encodeURIComponent('テン渋谷')}`)).body.total).toBe(0);
    expect((await list(`?q=${encodeURIComponent('難波店')}`)).body.total).toBe(0); // unlisted
  });

  it.each([
    ['the whole directory', '', 7],
    ['a filtered result', `&prefecture=${encodeURIComponent('東京都')}`, 2],
  ])('pages through %s: pages never overlap and together cover the whole result', async (_name, filter, size) => {
    const whole = await list(`?pageSize=100${filter}`);
    expect(whole.body.total).toBeGreaterThan(2 * size);
    expect(whole.body.items).toHaveLength(whole.body.total);
    const pages: string[][] = [];
    for (let page = 1; page <= Math.ceil(whole.body.total / size); page++) {
      const { body } = await list(`?pageSize=${size}&page=${page}${filter}`);
      expect(body).toMatchObject({ page, pageSize: size, total: whole.body.total });
      pages.push(body.items.map((s) => s.storeId));
    }
    expect(pages.slice(0, -1).every((p) => p.length === size)).toBe(true);
    const paged = pages.flat();
    expect(new Set(paged).size, 'no store on two pages').toBe(paged.length);
    expect(paged, 'the pages in order are the whole result').toEqual(whole.body.items.map((s) => s.storeId));
  });

  it('answers a page past the last with no items', async () => {
    const past = await list('?page=1000');
    expect(past.status).toBe(200);
    expect(past.body.items).toEqual([]);
    expect(past.body.total).toBe(31);
  });

  it('clamps pageSize above the cap to 100', async () => {
    const { status, body } = await list('?pageSize=5000');
    expect(status).toBe(200);
    expect(body.pageSize).toBe(100);
  });

  it.each([
    ['?page=abc', 'page'],
    ['?page=1.5', 'page'],
    ['?page=99999999999', 'page'],
    ['?page=0', 'page'],
    ['?page=-3', 'page'],
    ['?pageSize=0', 'pageSize'],
    ['?page=1&page=2', 'page'],
    ['?prefecture=Atlantis', 'prefecture'],
    ['?storeType=spaceport', 'storeType'],
    [`?q=${'x'.repeat(101)}`, 'q'],
  ])('answers %s with a 400 problem naming %s', async (query, field) => {
    const response = await service.call(`/api/v1/public/stores${query}`, { headers: { 'x-request-id': 'req-123' } });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(response.headers.get('x-request-id')).toBe('req-123');
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      status: 400,
      code: 'validation_failed',
      instance: '/api/v1/public/stores',
      traceId: 'req-123',
      title: 'Bad Request',
    });
    expect(body.type).toBe('/problems/validation_failed');
    expect(body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: field })]));
  });

  it('accepts a signed int32 digit string', async () => {
    expect((await list('?page=+1')).status).toBe(200);
  });
});

describe('GET /api/v1/public/stores/{storeId}', () => {
  it('returns a listed store with its business resolved across subgraphs', async () => {
    const response = await service.call(`/api/v1/public/stores/${SAMPLE}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({
      storeId: SAMPLE,
      name: 'さくらマート 渋谷店',
      prefecture: '東京都',
      isPublicListing: true,
      business: { businessAccountId: '01900000-0000-7000-8001-000000000001', name: 'さくらマート株式会社' },
    });
  });

  it('returns a store known only by a place-directory id', async () => {
    const response = await service.call(`/api/v1/public/stores/${PLACE_ONLY}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ isPublicListing: false, placeId: 'place-0004' });
  });

  it.each([
    ['an unlisted store', UNLISTED],
    ['an unknown id', '01900000-0000-7000-8002-00000000ffff'],
    ['a malformed id', 'not-a-store'],
    ['a 5,000-character id', 'a'.repeat(5000)],
  ])('answers %s with a 404 problem', async (_label, id) => {
    const response = await service.call(`/api/v1/public/stores/${id}`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await response.json()).toMatchObject({ status: 404, code: 'store_not_found' });
  });

  it('answers another method with 405 and an Allow header', async () => {
    const response = await service.call(`/api/v1/public/stores/${SAMPLE}`, { method: 'DELETE' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
  });

  it('offers text/plain and text/json when asked', async () => {
    const plain = await service.call(`/api/v1/public/stores/${SAMPLE}`, { headers: { accept: 'text/plain' } });
    expect(plain.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(JSON.parse(await plain.text())).toMatchObject({ storeId: SAMPLE });
  });
});

describe('public directory over GraphQL', () => {
  it('serves the same data to first-party apps', async () => {
    const result = await service.graphql<{
      publicStores: { total: number; items: { id: string; business: { name: string } }[] };
    }>('query($p: String) { publicStores(prefecture: $p, pageSize: 100) { total items { id business { name } } } }', {
      p: '東京都',
    });
    expect(result.errors).toBeUndefined();
    const rest = await list(`?prefecture=13&pageSize=100`);
    expect(result.data!.publicStores.total).toBe(rest.body.total);
    expect(result.data!.publicStores.items.map((s) => s.id)).toEqual(rest.body.items.map((s) => s.storeId));
    expect(result.data!.publicStores.items.every((s) => s.business.name.length > 0)).toBe(true);
  });

  it('gives a listed store the timestamps the store itself has', async () => {
    type Stamped = { id: string; createdAt: string; updatedAt: string };
    const listed = await service.graphql<{ publicStores: { items: Stamped[] } }>(
      '{ publicStores(prefecture: "13", pageSize: 3) { items { id createdAt updatedAt } } }',
    );
    expect(listed.errors).toBeUndefined();
    expect(listed.data!.publicStores.items).toHaveLength(3);
    for (const item of listed.data!.publicStores.items) {
      // publicStore reads an entity through the ORM; the directory reads rows of its own.
      const one = await service.graphql<{ publicStore: Stamped }>(
        'query($id: ID!) { publicStore(storeId: $id) { id createdAt updatedAt } }',
        { id: item.id },
      );
      expect(item).toEqual(one.data!.publicStore);
      expect(item.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    }
  });

  it('reports NOT_FOUND with the domain reason', async () => {
    const result = await service.graphql(`{ publicStore(storeId: "${UNLISTED}") { id } }`);
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', reason: 'store_not_found' });
  });
});

describe('paths nothing serves', () => {
  it.each(['/api/v1/nope', '/nope'])('answers %s with a 404 problem carrying X-Request-Id', async (path) => {
    const response = await service.call(path);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(response.headers.get('x-request-id')).toBeTruthy();
    expect(await response.json()).toMatchObject({ status: 404, code: 'route_not_found', instance: path });
  });

  it('answers malformed JSON with a 400 problem on GraphQL too, never a 500', async () => {
    const response = await service.call('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    expect(response.status).toBe(400);
  });
});
