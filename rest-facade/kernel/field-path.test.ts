/**
 * A problem's field error in REST terms: a body member by its JSON pointer (RFC 6901), a query or
 * path parameter by its name, whichever way the service named it.
 */
import { describe, expect, it } from 'vitest';
import { findUnsafeText } from '../../subgraphs/kernel/input/unsafe-text.js';
import {
  BODY_POINTERS,
  childPointer,
  fieldOrigins,
  pointerOfFieldName,
  restFieldErrors,
  restFieldPath,
} from './field-path.js';
import type { Route } from './route.js';

const ROW = {
  method: 'POST',
  path: '/api/v1/things/:thingId',
  pathParams: { thingId: { type: 'string', description: 'd' } },
  queryParams: { page: { type: 'int32', description: 'd' } },
  requestBody: { required: true, schema: {} },
} as unknown as Route;

describe('childPointer', () => {
  it('escapes ~ and / (RFC 6901 §3)', () => {
    expect(childPointer('', 'a/b')).toBe('/a~1b');
    expect(childPointer('/m', '~1')).toBe('/m/~01');
    expect(childPointer('/list', 0)).toBe('/list/0');
  });
});

describe('the text check of a JSON body', () => {
  it('names each failing string by its JSON pointer, the body itself by ""', () => {
    const body = { 'a.b': ['x', 'y\u0000'], answers: [{ text: '\ud800' }] };
    expect(findUnsafeText(body, '', BODY_POINTERS).map((e) => e.path)).toEqual(['/a.b/1', '/answers/0/text']);
    expect(findUnsafeText('\u0000', '', BODY_POINTERS).map((e) => e.path)).toEqual(['']);
  });
});

describe('pointerOfFieldName', () => {
  it.each([
    ['token', '/token'],
    ['answers[0].choices', '/answers/0/choices'],
    ['answers[2].choices[1]', '/answers/2/choices/1'],
    ['line_items.0.title', '/line_items/0/title'],
    ['body', ''],
    ['a/b~c', '/a~1b~0c'],
    ['odd[key', '/odd[key'],
  ])('%s -> %s', (name, pointer) => {
    expect(pointerOfFieldName(name)).toBe(pointer);
  });
});

describe('restFieldPath', () => {
  const json = fieldOrigins(ROW, false);

  it('points into a JSON body, and keeps the name of a path or query parameter', () => {
    expect(restFieldPath('answers[0].rating', json)).toBe('/answers/0/rating');
    expect(restFieldPath('thingId', json)).toBe('thingId');
    expect(restFieldPath('page', json)).toBe('page');
  });

  it('leaves a pointer as it is', () => {
    expect(restFieldPath('/meta/a.b', json)).toBe('/meta/a.b');
    expect(restFieldPath('', json)).toBe('');
  });

  it('keeps names where there is no JSON body: a form, or a row without a body', () => {
    expect(restFieldPath('client_id', fieldOrigins(ROW, true))).toBe('client_id');
    const { requestBody: _body, ...withoutBody } = ROW;
    expect(restFieldPath('businessAccountId', fieldOrigins(withoutBody as Route, false))).toBe('businessAccountId');
  });

  it('maps every error of a list, and nothing when there is none', () => {
    const errors = [
      { path: 'events', message: 'm' },
      { path: 'page', message: 'n' },
    ];
    expect(restFieldErrors(errors, json)).toEqual([
      { path: '/events', message: 'm' },
      { path: 'page', message: 'n' },
    ]);
    expect(restFieldErrors(undefined, json)).toBeUndefined();
  });
});
