/** Which queries the separate topology's gateway lets identical callers share (gateway.ts remoteShareable). */
import { describe, expect, it } from 'vitest';
import { remoteShareable } from './gateway.js';

const urls = {
  identity: 'http://127.0.0.1:1/graphql',
  receipts: 'http://127.0.0.1:2/graphql',
  stores: 'http://127.0.0.1:3/graphql',
  engagement: 'http://127.0.0.1:4/graphql',
  wallet: 'http://127.0.0.1:5/graphql',
};

describe('remoteShareable', () => {
  const shareable = remoteShareable(urls, { stores: ['Query.publicStores'], identity: ['Query._entities'] });

  it("shares a subgraph's own shared reads only", () => {
    expect(shareable(urls.stores, 'query Q__stores__0 { publicStores { total } }')).toBe(true);
    expect(shareable(urls.identity, 'query($r: [_Any!]!) { _entities(representations: $r) { __typename } }')).toBe(
      true,
    );
    // Another subgraph's shared read, a query not listed, a subgraph with none, an unknown URL.
    expect(shareable(urls.identity, '{ publicStores { total } }')).toBe(false);
    expect(shareable(urls.stores, '{ publicStores { total } myCoupons { id } }')).toBe(false);
    expect(shareable(urls.wallet, '{ _entities(representations: []) { __typename } }')).toBe(false);
    expect(shareable('http://127.0.0.1:9/graphql', '{ publicStores { total } }')).toBe(false);
  });

  it('never shares a mutation or a query that does not parse', () => {
    expect(shareable(urls.stores, 'mutation { publicStores }')).toBe(false);
    expect(shareable(urls.stores, '{ publicStores { total }')).toBe(false);
    // Decided once per text: asked again, the same answer.
    expect(shareable(urls.stores, '{ publicStores { total }')).toBe(false);
    expect(shareable(urls.stores, '{ publicStores { total } }')).toBe(true);
    expect(shareable(urls.stores, '{ publicStores { total } }')).toBe(true);
  });
});
