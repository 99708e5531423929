/**
 * Custom scalars (DateTimeISO) are opaque to the gateway, which validates against the supergraph:
 * a malformed value, written inline or sent as a variable, must still be the caller's error (400
 * class), never an internal error.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestService, TEST_OPERATOR_TOKEN, type TestService } from '../test/harness.js';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});

const RECORD = (occurredAt: string) =>
  `mutation { recordTransaction(input: { publicTerminalId: "NOSUCHTERM", totalAmount: 100, occurredAt: ${occurredAt} }) { transaction { id } } }`;

describe('a malformed DateTimeISO', () => {
  it.each(['"not a date"', '"2026-13-45T99:99:99Z"', '12345', 'true'])(
    'written inline (%s) is a client error',
    async (literal) => {
      const result = await service.graphql(RECORD(literal), {}, TEST_OPERATOR_TOKEN);
      expect(result.errors?.[0]?.extensions?.code).toMatch(/^(BAD_USER_INPUT|GRAPHQL_VALIDATION_FAILED)$/);
    },
  );

  it.each(['not a date', '2026-13-45T99:99:99Z'])('sent as a variable (%s) is a client error', async (value) => {
    const result = await service.graphql(
      'mutation($at: DateTimeISO) { recordTransaction(input: { publicTerminalId: "NOSUCHTERM", totalAmount: 100, occurredAt: $at }) { transaction { id } } }',
      { at: value },
      TEST_OPERATOR_TOKEN,
    );
    expect(result.errors?.[0]?.extensions?.code).toMatch(/^(BAD_USER_INPUT|GRAPHQL_VALIDATION_FAILED)$/);
  });

  it('over HTTP answers 400', async () => {
    const response = await fetch(`${service.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TEST_OPERATOR_TOKEN}` },
      body: JSON.stringify({ query: RECORD('"not a date"') }),
    });
    expect(response.status).toBe(400);
  });
});
