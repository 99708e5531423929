/** Content negotiation of JSON answers: the shortcut for "anything" agrees with full negotiation. */
import express, { type Request } from 'express';
import { describe, expect, it } from 'vitest';
import { jsonMediaType } from './http.js';

function request(accept: string | undefined): Request {
  const req = Object.create(express.request) as Request;
  Object.assign(req, { headers: accept === undefined ? {} : { accept } });
  return req;
}

describe('jsonMediaType', () => {
  it.each([
    [undefined, 'application/json'],
    ['*/*', 'application/json'],
    ['text/plain, */*;q=0.1', 'text/plain'],
    ['text/plain', 'text/plain'],
    ['text/*', 'text/json'],
    ['text/plain;q=0.5, application/json', 'application/json'],
    ['application/xml', 'application/json'],
  ])('answers Accept %j with %s, as negotiation does', (accept, type) => {
    const req = request(accept);
    expect(jsonMediaType(req)).toBe(`${type}; charset=utf-8`);
    expect(req.accepts(['application/json', 'text/json', 'text/plain']) || 'application/json').toBe(type);
  });
});
