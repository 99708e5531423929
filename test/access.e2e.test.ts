/**
 * Walks every root operation of the composed API schema against the access table: each has a rule,
 * each rule names a real operation, and each non-public operation refuses callers without a token,
 * with an invalid token, and (unless its rule allows it) the operator.
 */
import { buildClientSchema, getIntrospectionQuery, type IntrospectionQuery } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TABLE } from '../subgraphs/kernel/auth/access-table.js';
import type { AccessRule } from '../subgraphs/kernel/auth/operation-access.js';
import { startTestService, TEST_OPERATOR_TOKEN, type TestService } from './harness.js';
import { operationCalls, type OperationCall } from './operation-walker.js';

let service: TestService;
let calls: OperationCall[];

beforeAll(async () => {
  service = await startTestService({ demoData: false });
  const introspection = await service.graphql<IntrospectionQuery>(getIntrospectionQuery());
  calls = operationCalls(buildClientSchema(introspection.data!));
});

const isPublic = (rule: AccessRule | undefined) => rule !== undefined && 'public' in rule;
const allowsOperator = (rule: AccessRule): boolean =>
  'operator' in rule || ('anyOf' in rule && rule.anyOf.some(allowsOperator));

async function codeOf(call: OperationCall, token?: string): Promise<unknown> {
  const result = await service.graphql(call.document, call.variables, token);
  return result.errors?.[0]?.extensions?.code;
}

describe('the access table', () => {
  it('has a rule for every root operation and no rule for anything else', () => {
    const operations = calls.map((c) => c.operation).sort();
    expect(operations.length).toBeGreaterThan(10);
    expect(Object.keys(ACCESS_TABLE).sort()).toEqual(operations);
  });

  it('refuses every protected operation without a token, with 401-class UNAUTHENTICATED', async () => {
    for (const call of calls.filter((c) => !isPublic(ACCESS_TABLE[c.operation]))) {
      const result = await service.graphql(call.document, call.variables);
      expect(result.errors?.[0]?.extensions, call.operation).toMatchObject({
        code: 'UNAUTHENTICATED',
        reason: 'unauthenticated',
      });
      expect(result.data?.[call.operation.split('.')[1]!] ?? null, call.operation).toBeNull();
    }
  });

  it('refuses every protected operation with an invalid token, naming invalid_token', async () => {
    for (const call of calls.filter((c) => !isPublic(ACCESS_TABLE[c.operation]))) {
      const result = await service.graphql(call.document, call.variables, 'not-a-real-token');
      expect(result.errors?.[0]?.extensions, call.operation).toMatchObject({
        code: 'UNAUTHENTICATED',
        reason: 'invalid_token',
      });
    }
  });

  it('lets the operator call only what its rule allows', async () => {
    for (const call of calls.filter((c) => !isPublic(ACCESS_TABLE[c.operation]))) {
      const code = await codeOf(call, TEST_OPERATOR_TOKEN);
      if (allowsOperator(ACCESS_TABLE[call.operation]!)) {
        expect(code, call.operation).not.toBe('UNAUTHENTICATED');
        expect(code, call.operation).not.toBe('FORBIDDEN');
      } else {
        expect(code, call.operation).toBe('FORBIDDEN');
      }
    }
  });

  it('keeps public operations open to anonymous callers', async () => {
    for (const call of calls.filter((c) => isPublic(ACCESS_TABLE[c.operation]))) {
      const code = await codeOf(call);
      expect(code === 'UNAUTHENTICATED' || code === 'FORBIDDEN', `${call.operation}: ${String(code)}`).toBe(false);
    }
  });
});
