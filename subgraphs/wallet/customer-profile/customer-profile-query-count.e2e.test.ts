/**
 * A page of 50 profiles with every field of the four subgraphs costs the same statements as a page of
 * one: each subgraph answers a page's references with a fixed number of queries (DataLoaders), never
 * one per profile. The statements are printed for the decision record.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { queriesDuring } from '../../../test/fixtures/query-log.js';
import { ok, PROFILE_FIELDS, startProfileWorld, type ProfileWorld } from './customer-profile.fixtures.js';

const PEOPLE = 50;
let w: ProfileWorld;

beforeAll(async () => {
  w = await startProfileWorld();
  for (let i = 0; i < PEOPLE; i++) {
    const who = await w.person();
    const record = await w.join(who, w.mine);
    await w.favorite(who, w.mine.stores[i % 2]!);
    await w.checkIn(who, w.mine, `2026-11-${String((i % 28) + 1).padStart(2, '0')}`, i % 2);
    if (i % 5 === 0 || i === PEOPLE - 1) {
      await w.buy(who, w.mine, 500 + i);
      await w.answer(who, w.mine);
      await w.order(w.mine, record);
    }
  }
}, 300_000);

const PAGE = `query($first: Int!) { customerProfiles(first: $first) {
  nodes { ${PROFILE_FIELDS} memberships { rank { code } } } pageInfo { hasNextPage endCursor } } }`;

async function page(first: number) {
  return queriesDuring(w.service.orm, async () => {
    const result = await w.service.graphql<{ customerProfiles: { nodes: Record<string, unknown>[] } }>(
      PAGE,
      { first },
      w.mine.token,
    );
    expect(result.errors).toBeUndefined();
    return result.data!.customerProfiles.nodes;
  });
}

describe('a page of profiles', () => {
  it(`costs the same queries for ${PEOPLE} profiles as for one`, async () => {
    const one = await page(1);
    const fifty = await page(PEOPLE);
    expect(fifty.result).toHaveLength(PEOPLE);
    // The newest member did everything: the page of one exercises every loader.
    expect(one.result[0]).toMatchObject({ receipts: { count: 1 }, orders: { count: 1 }, checkIns: { count: 1 } });
    expect(fifty.result.filter((p) => (p.favorites as unknown[]).length === 1)).toHaveLength(PEOPLE);
    expect(fifty.queries.length).toBe(one.queries.length);
    console.info(`profile page of ${PEOPLE}: ${fifty.queries.length} statements\n${fifty.queries.join('\n')}`);
  });

  it('pages through every profile once with keyset cursors, and refuses a bad page size or cursor', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const answer: {
        customerProfiles: { nodes: { id: string }[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
      } = await ok(
        w.service,
        'query($a: String) { customerProfiles(first: 20, after: $a) { nodes { id } pageInfo { hasNextPage endCursor } } }',
        { a: after },
        w.mine.token,
      );
      seen.push(...answer.customerProfiles.nodes.map((n) => n.id));
      if (!answer.customerProfiles.pageInfo.hasNextPage) break;
      after = answer.customerProfiles.pageInfo.endCursor;
    }
    expect(seen).toHaveLength(PEOPLE);
    expect(new Set(seen).size).toBe(PEOPLE);
    for (const variables of [
      { f: 0, a: null },
      { f: 5, a: 'not-a-cursor' },
    ]) {
      const bad = await w.service.graphql(
        'query($f: Int, $a: String) { customerProfiles(first: $f, after: $a) { nodes { id } } }',
        variables,
        w.mine.token,
      );
      expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    }
  });
});
