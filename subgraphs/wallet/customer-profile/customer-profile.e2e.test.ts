/**
 * Customer profiles through the gateway: one query joins the wallet's record, memberships and points
 * with the receipts, engagement and stores subgraphs' fields of the same person, each counted only at
 * the caller's business; the same person's profile at a rival business shows the rival's relationship
 * only; an id of another business's record, or of none, is NOT_FOUND; without crm.profiles.read the
 * queries are FORBIDDEN; a reference forged for another business's record resolves to null in every
 * contributing subgraph.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveEntities } from '../../../test/entities.js';
import { engagementSubgraph } from '../../engagement/index.js';
import { receiptsSubgraph } from '../../receipts/index.js';
import { storesSubgraph } from '../../stores/index.js';
import type { Principal } from '../../kernel/auth/principal.js';
import { PROFILES, startProfileWorld, type Person, type ProfileWorld } from './customer-profile.fixtures.js';

let w: ProfileWorld;
let hana: Person;
let ids: { mine: string; rival: string; onlyRival: string };

beforeAll(async () => {
  w = await startProfileWorld();
  hana = await w.person();
  ids = { mine: await w.join(hana, w.mine), rival: await w.join(hana, w.rival), onlyRival: '' };
  // At my business: two receipts (1100 + 2500 yen at two stores), one order, three check-ins at two
  // stores, one answer to the survey and one to the anonymous survey, one favorite store.
  await w.buy(hana, w.mine, 1100, 0);
  await w.buy(hana, w.mine, 2500, 1);
  await w.order(w.mine, ids.mine);
  await w.checkIn(hana, w.mine, '2026-11-01', 0);
  await w.checkIn(hana, w.mine, '2026-11-02', 1);
  await w.checkIn(hana, w.mine, '2026-11-20', 0);
  await w.answer(hana, w.mine);
  await w.answer(hana, w.mine, true);
  await w.favorite(hana, w.mine.stores[1]!);
  // At the rival: one receipt of 3000 yen, one check-in, an answer, a favorite.
  await w.buy(hana, w.rival, 3000);
  await w.checkIn(hana, w.rival, '2026-11-25');
  await w.answer(hana, w.rival);
  await w.favorite(hana, w.rival.stores[0]!);
  // Someone who knows only the rival.
  const stranger = await w.person();
  ids.onlyRival = await w.join(stranger, w.rival);
  await w.favorite(stranger, w.mine.stores[0]!);
}, 180_000);

describe('a customer profile', () => {
  it("joins the record, memberships, receipts, orders, check-ins, survey answers and favorites at the caller's business", async () => {
    const { profile, error } = await w.profile(ids.mine, w.mine.token);
    expect(error).toBeNull();
    expect(profile).toMatchObject({
      id: ids.mine,
      points: 100,
      customer: { id: ids.mine, source: 'membership' },
      memberships: [{ points: 100 }],
      receipts: { count: 2, totals: [{ currency: 'JPY', amount: 3600, count: 2 }] },
      orders: { count: 1, totals: [{ currency: 'JPY', amount: 2180, count: 1 }] },
      checkIns: {
        count: 3,
        storeCount: 2,
        firstAt: '2026-11-01T01:00:00.000Z',
        lastAt: '2026-11-20T01:00:00.000Z',
      },
      lastVisitAt: '2026-11-20T01:00:00.000Z',
      favorites: [{ store: { id: w.mine.stores[1] } }],
    });
    const responses = profile!.surveyResponses as { campaign: { name: string }; answers: unknown[] }[];
    // The anonymous survey's answer is never part of a profile.
    expect(responses.map((r) => r.campaign.name)).toEqual(['mine アンケート']);
    expect(responses[0]!.answers).toContainEqual({ questionId: 'score', choices: null, rating: 4, text: null });
  });

  it("shows the rival only the rival's relationship with the same person", async () => {
    const { profile } = await w.profile(ids.rival, w.rival.token);
    expect(profile).toMatchObject({
      receipts: { count: 1, totals: [{ currency: 'JPY', amount: 3000, count: 1 }] },
      orders: { count: 0, totals: [], lastAt: null },
      checkIns: { count: 1, storeCount: 1, lastAt: '2026-11-25T01:00:00.000Z' },
      favorites: [{ store: { id: w.rival.stores[0] } }],
    });
    expect((profile!.surveyResponses as { campaign: { name: string } }[]).map((r) => r.campaign.name)).toEqual([
      'rival アンケート',
    ]);
  });

  it('is NOT_FOUND for a person without a customer record at the business, and for no record at all', async () => {
    for (const id of [ids.rival, ids.onlyRival, randomUUID(), 'not-a-uuid']) {
      const { profile, error } = await w.profile(id, w.mine.token);
      expect(profile).toBeNull();
      expect(error).toMatchObject({ code: 'NOT_FOUND', reason: 'customer_profile_not_found' });
    }
  });

  it("lists one profile per record of the business, none of the rival's", async () => {
    const page = await w.service.graphql<{ customerProfiles: { nodes: { id: string }[] } }>(
      'query { customerProfiles(first: 100) { nodes { id } } }',
      {},
      w.mine.token,
    );
    expect(page.errors).toBeUndefined();
    expect(page.data!.customerProfiles.nodes.map((n) => n.id)).toEqual([ids.mine]);
  });
});

describe('access', () => {
  it('refuses a business token without crm.profiles.read, and a user token', async () => {
    for (const token of [w.mine.withoutScope, hana.token]) {
      const one = await w.profile(ids.mine, token);
      expect(one.error).toMatchObject({ code: 'FORBIDDEN' });
      const list = await w.service.graphql('query { customerProfiles { nodes { id } } }', {}, token);
      expect(list.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN' });
    }
  });

  it("resolves a reference forged for another business's record to null in every contributing subgraph", async () => {
    const principal = (businessAccountId: string, scopes: string[]): Principal => ({
      kind: 'business',
      businessAccountId,
      userId: randomUUID(),
      clientId: 'test',
      grantId: randomUUID(),
      scopes: new Set(scopes),
      expiresAt: new Date(Date.now() + 60_000),
    });
    const cases = [
      { module: receiptsSubgraph, selection: 'receipts { count }' },
      { module: engagementSubgraph, selection: 'checkIns { count }' },
      { module: storesSubgraph, selection: 'favorites { favoritedAt }' },
    ] as const;
    for (const { module, selection } of cases) {
      const resolve = (p: Principal) =>
        resolveEntities<{ id: string }>(w.service, module, 'CustomerProfile', [ids.mine, ids.rival], selection, p);
      const own = await resolve(principal(w.mine.businessAccountId, [PROFILES]));
      expect(own.errors).toBeUndefined();
      expect(own.data!._entities.map((e) => e !== null)).toEqual([true, false]);
      const unscoped = await resolve(principal(w.mine.businessAccountId, ['store.customers.read']));
      expect(unscoped.data!._entities).toEqual([null, null]);
    }
  });
});
