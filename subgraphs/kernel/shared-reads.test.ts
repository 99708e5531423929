import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { isSharedRead } from './shared-reads.js';

const READS = new Set(['Query.publicStores', 'Query._entities']);
const shared = (query: string, operationName?: string) => isSharedRead(parse(query), operationName, READS);

describe('isSharedRead', () => {
  it('is true for a query whose every root field is a shared read (fragments and __typename included)', () => {
    expect(shared('{ publicStores { total } }')).toBe(true);
    expect(shared('query Q { __typename publicStores { total } }')).toBe(true);
    expect(shared('query($r: [_Any!]!) { _entities(representations: $r) { __typename } }')).toBe(true);
    expect(shared('{ ... on Query { publicStores { total } } }')).toBe(true);
    expect(shared('query { ...F } fragment F on Query { publicStores { total } }')).toBe(true);
  });

  it('is false when any root field is not listed, wherever it hides', () => {
    expect(shared('{ introspectToken { active } }')).toBe(false);
    expect(shared('{ publicStores { total } viewer { id } }')).toBe(false);
    expect(shared('{ publicStores { total } ... on Query { viewer { id } } }')).toBe(false);
    expect(shared('query { ...F } fragment F on Query { viewer { id } }')).toBe(false);
    expect(shared('query { ...Missing }')).toBe(false);
  });

  it('is false for mutations and subscriptions, even of listed names, and for nothing listed', () => {
    expect(shared('mutation { publicStores }')).toBe(false);
    expect(shared('subscription { publicStores }')).toBe(false);
    expect(isSharedRead(parse('{ publicStores { total } }'), undefined, new Set())).toBe(false);
  });

  it('picks the named operation of a document with several', () => {
    const document = 'query A { publicStores { total } } query B { viewer { id } }';
    expect(shared(document, 'A')).toBe(true);
    expect(shared(document, 'B')).toBe(false);
    expect(shared(document)).toBe(false);
  });
});
