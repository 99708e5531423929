import { DriverException, UniqueConstraintViolationException } from '@mikro-orm/core';
import { GraphQLError } from 'graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureLogLines } from '../../../test/fixtures/log-capture.js';
import { isDatabaseUnavailable, markConnectFailure, OutageLog } from './outage.js';

const withCode = (message: string, code: string): Error => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['connection refused', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['connection reset', withCode('read ECONNRESET', 'ECONNRESET')],
    ['connection ended mid-query', new DriverException(new Error('Connection terminated unexpectedly'))],
    ['pool acquire timeout', new Error('timeout exceeded when trying to connect')],
    ['SQLSTATE 08006 connection failure', withCode('connection failure', '08006')],
    ['SQLSTATE 57P01 admin shutdown', withCode('terminating connection due to administrator command', '57P01')],
    ['SQLSTATE 57P03 cannot connect now', withCode('the database system is starting up', '57P03')],
    ['SQLSTATE 53300 too many connections', withCode('sorry, too many clients already', '53300')],
    ['wrapped in a GraphQL error', new GraphQLError('x', { originalError: withCode('refused', 'ECONNREFUSED') })],
    ['as a cause', new Error('query failed', { cause: withCode('refused', 'ECONNREFUSED') })],
    ['inside an AggregateError', new AggregateError([withCode('refused', 'ECONNREFUSED')], 'all failed')],
    ['connecting: database dropped', markConnectFailure(withCode('database "x" does not exist', '3D000'))],
    [
      'connecting: not accepting connections',
      markConnectFailure(withCode('database "x" is not currently accepting connections', '55000')),
    ],
    [
      'connecting, wrapped by MikroORM',
      new DriverException(markConnectFailure(withCode('password authentication failed', '28P01'))),
    ],
  ])('%s is an outage', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', new UniqueConstraintViolationException(withCode('duplicate key', '23505'))],
    ['a syntax error', withCode('syntax error at or near', '42601')],
    // The code of a refused database, got by a query rather than when connecting: a bug.
    ['a query not in its prerequisite state', withCode('currval of sequence "s" is not yet defined', '55000')],
    ['a bug', new TypeError('cannot read properties of undefined')],
    ['a string', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('%s is not', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('OutageLog', () => {
  afterEach(() => vi.restoreAllMocks());

  it('logs the first failure and the recovery with the count, nothing in between', () => {
    const lines = captureLogLines();
    const outage = new OutageLog('database');
    outage.recovered();
    for (let i = 0; i < 50; i++) outage.failed(withCode('refused', 'ECONNREFUSED'), `r${i}`);
    expect(outage.down).toBe(true);
    outage.recovered();
    outage.recovered();
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(parsed.map((l) => [l.level, l.message])).toEqual([
      ['error', 'database unavailable; requests answer 503 until it recovers'],
      ['info', 'database available again'],
    ]);
    expect(parsed[0]).toMatchObject({ requestId: 'r0', error: { code: 'ECONNREFUSED', message: 'refused' } });
    expect(parsed[1]).toMatchObject({ failedRequests: 50 });
  });
});
