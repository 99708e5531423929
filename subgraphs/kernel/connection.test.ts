import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { BadUserInputError, Validation } from './errors.js';
import { connectionOf, decodeCursor, encodeCursor, pageArgs } from './connection.js';

describe('cursors', () => {
  it('read back the sort key they were made from, instants included', () => {
    const at = new Date('2026-11-28T01:02:03.456Z');
    const cursor = encodeCursor(['b', 7, at]);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, ['string', 'number', 'date'])).toEqual(['b', 7, at]);
  });

  it('of another shape, or not made by the service, read as null', () => {
    const cursor = encodeCursor(['b', 7]);
    expect(decodeCursor(cursor, ['string'])).toBeNull();
    expect(decodeCursor(cursor, ['number', 'number'])).toBeNull();
    expect(decodeCursor(encodeCursor(['not a date']), ['date'])).toBeNull();
    expect(decodeCursor('not+base64', ['string'])).toBeNull();
    expect(decodeCursor(Buffer.from('{"a":1}').toString('base64url'), ['string'])).toBeNull();
    expect(decodeCursor(Buffer.from('[1').toString('base64url'), ['number'])).toBeNull();
  });
});

describe('pageArgs', () => {
  it('defaults and clamps first, and decodes after', () => {
    const v = new Validation();
    expect(pageArgs({}, ['string'], v)).toEqual({ first: 20, after: null });
    expect(pageArgs({ first: 5000 }, ['string'], v)).toEqual({ first: 100, after: null });
    expect(pageArgs({ first: 3, after: encodeCursor(['x']) }, ['string'], v)).toEqual({ first: 3, after: ['x'] });
    expect(() => v.throwIfInvalid()).not.toThrow();
  });

  it('refuses first below 1 and a foreign cursor, naming each field', () => {
    const v = new Validation();
    pageArgs({ first: 0, after: 'bogus' }, ['string', 'number'], v);
    let error: unknown;
    try {
      v.throwIfInvalid();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BadUserInputError);
    expect((error as BadUserInputError).extensions.errors).toEqual([
      { path: 'first', message: 'must be 1 or more' },
      { path: 'after', message: 'is not a cursor of this list' },
    ]);
  });
});

describe('connectionOf', () => {
  const rows = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];

  it('keeps first rows and says more follow when the extra row came back', () => {
    const page = connectionOf(rows, 2, (n) => [n.id]);
    expect(page.nodes).toEqual([{ id: 'a' }, { id: 'b' }]);
    expect(page.edges.map((e) => decodeCursor(e.cursor, ['string']))).toEqual([['a'], ['b']]);
    expect(page.pageInfo).toEqual({
      hasNextPage: true,
      hasPreviousPage: false,
      startCursor: page.edges[0]!.cursor,
      endCursor: page.edges[1]!.cursor,
    });
  });

  it('ends the list when no extra row came back; an empty page has no cursors', () => {
    expect(connectionOf(rows, 3, (n) => [n.id], true).pageInfo).toMatchObject({
      hasNextPage: false,
      hasPreviousPage: true,
    });
    expect(connectionOf([], 3, (n: { id: string }) => [n.id]).pageInfo).toEqual({
      hasNextPage: false,
      hasPreviousPage: false,
      startCursor: null,
      endCursor: null,
    });
  });
});
