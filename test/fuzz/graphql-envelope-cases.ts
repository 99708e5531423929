/**
 * Fuzz cases for the `/graphql` endpoint itself rather than one field: the request envelope's
 * members (`query`, `variables`, `operationName`, `extensions`), whole hostile bodies, GET requests
 * with broken query strings, and documents nested or sized to hurt the parser.
 */
import { jsonBodies } from './body-cases.js';
import { jsonWith, type FuzzCase } from './fuzz-case.js';
import { DEEP_NESTING, hostileValues, type PositionType } from './hostile-values.js';

const OPERATION = '/graphql';
const GOOD = {
  query: 'query Fuzz($q: String) { publicStores(q: $q, pageSize: 1) { __typename } }',
  variables: { q: 'x' },
};
const MEMBERS: readonly [string, PositionType][] = [
  ['query', 'string'],
  ['variables', 'container'],
  ['operationName', 'string'],
  ['extensions', 'container'],
];
/** Apollo's CSRF prevention refuses GET without one of these headers; with it the query is parsed. */
const PREFLIGHT = { 'apollo-require-preflight': 'true' };

const post = (position: string, kind: string, body: Buffer, headers: Record<string, string>): FuzzCase => ({
  operation: `POST ${OPERATION}`,
  position,
  kind,
  caller: 'anonymous',
  method: 'POST',
  path: OPERATION,
  headers,
  body,
  style: 'graphql',
});

const get = (kind: string, query: string): FuzzCase => ({
  operation: `GET ${OPERATION}`,
  position: 'query string',
  kind,
  caller: 'anonymous',
  method: 'GET',
  path: `${OPERATION}?${query}`,
  headers: PREFLIGHT,
  style: 'graphql',
});

function documents(): { kind: string; query: string }[] {
  return [
    {
      kind: `selections nested ${DEEP_NESTING} deep`,
      query: `{${' prefectures {'.repeat(DEEP_NESTING)}${'}'.repeat(DEEP_NESTING)}}`,
    },
    {
      kind: `list literal nested ${DEEP_NESTING} deep`,
      query: `{ publicStores(q: ${'['.repeat(DEEP_NESTING)}${']'.repeat(DEEP_NESTING)}) { __typename } }`,
    },
    { kind: 'unterminated string', query: '{ publicStores(q: "abc' },
    { kind: 'NUL in document', query: '{ prefectures\u0000 { __typename } }' },
    { kind: 'two anonymous operations', query: '{ prefectures { __typename } } { storeTypes }' },
    { kind: 'subscription', query: 'subscription { prefectures { __typename } }' },
  ];
}

/** Every envelope, body and GET case of `/graphql`. */
export function graphqlEnvelopeCases(): FuzzCase[] {
  const json = { 'content-type': 'application/json' };
  const cases: FuzzCase[] = [];
  for (const [member, type] of MEMBERS) {
    for (const value of hostileValues(type, 'json'))
      cases.push(post(member, value.kind, jsonWith(GOOD, [member], value.json), json));
  }
  for (const body of jsonBodies(GOOD, ['variables', 'padding']))
    cases.push(post('body (whole)', body.kind, body.body, body.headers));
  for (const { kind, query } of documents())
    cases.push(post('query (document)', kind, Buffer.from(JSON.stringify({ query })), json));
  cases.push(
    post(
      'body (whole)',
      'batch of 2,000 operations',
      Buffer.from(JSON.stringify(Array.from({ length: 2000 }, () => GOOD))),
      json,
    ),
  );
  const query = encodeURIComponent(GOOD.query);
  for (const value of hostileValues('string', 'text')) {
    cases.push(get(`query=${value.kind}`, `query=${value.text!}`));
    cases.push(get(`variables=${value.kind}`, `query=${query}&variables=${value.text!}`));
  }
  cases.push(get('mutation over GET', `query=${encodeURIComponent('mutation { signOutBrowser }')}`));
  cases.push(get('bad percent-encoding everywhere', '%ZZ=%FF&query=%&variables=%C0'));
  return cases;
}
