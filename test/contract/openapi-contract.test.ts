/**
 * The contract checker itself, on a small document: a documented answer passes; an undocumented
 * status, an undocumented media type and a body that does not match its schema each fail; paths the
 * document does not describe are not checked.
 */
import { describe, expect, it } from 'vitest';
import { OpenApiContract, type ContractDocument } from './openapi-contract.js';

const THING = {
  type: 'object',
  required: ['id', 'count'],
  properties: { id: { type: 'string', format: 'uuid' }, count: { type: 'integer', format: 'int32' } },
};
const DOCUMENT: ContractDocument = {
  openapi: '3.1.1',
  paths: {
    '/api/things/{id}': {
      get: {
        responses: {
          '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
          '304': { description: 'Not Modified' },
          '404': { content: { 'application/problem+json': { schema: { type: 'object', required: ['code'] } } } },
        },
      },
    },
    '/api/things/{id}/picture': {
      get: { responses: { '200': { content: { 'image/png': { schema: { type: 'string', format: 'binary' } } } } } },
    },
  },
  components: { schemas: { Thing: THING } },
};

const contract = new OpenApiContract(DOCUMENT);
const ID = '01900000-0000-7000-8000-000000000001';
const exchange = (
  status: number,
  body: unknown,
  contentType = 'application/json; charset=utf-8',
  path = `/api/things/${ID}`,
) => ({
  method: 'GET',
  url: `http://127.0.0.1:1${path}`,
  status,
  contentType,
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

describe('OpenApiContract', () => {
  it('passes a documented answer whose body matches (through a $ref)', () => {
    expect(contract.check(exchange(200, { id: ID, count: 3 }))).toEqual([]);
    expect(contract.check(exchange(304, ''))).toEqual([]);
    expect(contract.check(exchange(404, { code: 'not_found' }, 'application/problem+json'))).toEqual([]);
  });

  it('fails an undocumented status', () => {
    expect(contract.check(exchange(500, { code: 'internal_error' }, 'application/problem+json'))).toEqual([
      expect.stringMatching(/status not documented/),
    ]);
  });

  it('fails a body that does not match its schema', () => {
    expect(contract.check(exchange(200, { id: 'not-a-uuid', count: 2 ** 31 }))).toEqual([
      expect.stringMatching(/body\/id must match format "uuid"/),
      expect.stringMatching(/body\/count must match format "int32"/),
    ]);
    expect(contract.check(exchange(200, { id: ID }))).toEqual([
      expect.stringMatching(/must have required property 'count'/),
    ]);
  });

  it('fails a body of an undocumented media type, and a body that is not JSON', () => {
    expect(contract.check(exchange(200, '<p>hi</p>', 'text/html'))).toEqual([
      expect.stringMatching(/"text\/html" not documented/),
    ]);
    expect(contract.check(exchange(200, '{"id":', 'application/json'))).toEqual([expect.stringMatching(/not JSON/)]);
  });

  it('checks only the media type of a binary body', () => {
    const picture = `/api/things/${ID}/picture`;
    expect(contract.check(exchange(200, '\u0089PNG', 'image/png', picture))).toEqual([]);
    expect(contract.check(exchange(200, '%PDF', 'application/pdf', picture))).toEqual([
      expect.stringMatching(/not documented/),
    ]);
  });

  it('leaves paths and methods the document does not describe alone', () => {
    expect(contract.check(exchange(404, 'x', 'text/plain', '/healthz'))).toBeUndefined();
    expect(contract.check({ ...exchange(405, {}), method: 'DELETE' })).toBeUndefined();
  });
});
