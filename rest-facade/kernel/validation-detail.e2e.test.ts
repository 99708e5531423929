/**
 * Issue 7: every validation problem reads the same `detail` (VALIDATION_FAILED_DETAIL), wherever it
 * is found: facade parameter parsing, the facade's text check, a JSON body's shape check, a service's
 * validation behind a REST row, and over GraphQL the services and the text plugin. `errors` says what
 * differs.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION_FAILED_DETAIL } from '../../subgraphs/kernel/errors.js';
import { startTestService, TEST_OPERATOR_TOKEN, type TestService } from '../../test/harness.js';
import { checkedBody } from './request-body.js';
import { RequestRejected } from './route.js';

let service: TestService;
beforeAll(async () => {
  service = await startTestService({ demoData: false });
});

async function problemOf(path: string): Promise<Record<string, unknown>> {
  const answer = await service.rest('GET', path);
  expect(answer.status).toBe(400);
  expect(answer.body).toMatchObject({ code: 'validation_failed', errors: expect.any(Array) });
  return answer.body;
}

describe('the detail of a validation problem', () => {
  it('is one wording', () => {
    expect(VALIDATION_FAILED_DETAIL).toBe('The request is invalid.');
  });

  it.each([
    ['a parameter that is not an int32 (facade)', '/api/v1/public/stores?page=x'],
    ['a parameter sent twice (facade)', '/api/v1/public/stores?q=a&q=b'],
    ['a NUL in a parameter (facade text check)', '/api/v1/public/stores?q=a%00b'],
    ['an unknown prefecture (store service)', '/api/v1/public/stores?prefecture=Atlantis'],
  ])('reads the same for %s', async (_name, path) => {
    expect((await problemOf(path)).detail).toBe(VALIDATION_FAILED_DETAIL);
  });

  it.each([
    ['a body that is not an object', [], ''],
    ['a body missing a field', {}, '/confirm'],
    ['a body field of the wrong type', { confirm: 'yes' }, '/confirm'],
  ])('reads the same for %s (body shape check)', (_name, body, path) => {
    const schema = { required: ['confirm'], properties: { confirm: { type: 'boolean' } } };
    let rejected: unknown;
    try {
      checkedBody(body, schema);
    } catch (error) {
      rejected = error;
    }
    expect(rejected).toBeInstanceOf(RequestRejected);
    expect(rejected).toMatchObject({ code: 'validation_failed', message: VALIDATION_FAILED_DETAIL });
    expect((rejected as RequestRejected).errors).toEqual([expect.objectContaining({ path })]);
  });

  it.each([
    [
      'a malformed email (user service)',
      'mutation($input: CreateUserInput!) { createUser(input: $input) { id } }',
      { input: { email: 'not an email', password: 'a long enough password 42' } },
      TEST_OPERATOR_TOKEN,
    ],
    [
      'a NUL in a variable (text plugin)',
      'query($q: String) { publicStores(q: $q) { total } }',
      { q: 'a\u0000b' },
      undefined,
    ],
  ])('reads the same over GraphQL for %s', async (_name, query, variables, token) => {
    const result = await service.graphql(query, variables, token);
    expect(result.errors?.[0]).toMatchObject({
      message: VALIDATION_FAILED_DETAIL,
      extensions: { reason: 'validation_failed' },
    });
  });
});
