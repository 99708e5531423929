import { GraphQLError } from 'graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { log, serializeLogValue } from './logger.js';

describe('serializeLogValue', () => {
  it('logs an Error with its name, message, code, stack and cause', () => {
    const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
      syscall: 'connect',
    });
    const error = new Error('query failed', { cause });
    const out = serializeLogValue({ error }) as { error: Record<string, unknown> };
    expect(out.error).toMatchObject({ name: 'Error', message: 'query failed' });
    expect(out.error.stack).toContain('logger.test');
    expect(out.error.cause).toMatchObject({
      message: 'connect ECONNREFUSED 127.0.0.1:5432',
      code: 'ECONNREFUSED',
      syscall: 'connect',
    });
  });

  it('logs GraphQL errors with extensions, path and the original error, also inside arrays', () => {
    const original = Object.assign(new Error('relation "x" does not exist'), { code: '42P01' });
    const error = new GraphQLError('boom', {
      path: ['publicStores', 0],
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
      originalError: original,
    });
    const [out] = serializeLogValue([error]) as Record<string, unknown>[];
    expect(out).toMatchObject({
      name: 'GraphQLError',
      message: 'boom',
      path: ['publicStores', 0],
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
      originalError: { message: 'relation "x" does not exist', code: '42P01' },
    });
  });

  it('lists the errors of an AggregateError', () => {
    const out = serializeLogValue(new AggregateError([new Error('a'), new Error('b')], 'both failed')) as {
      errors: { message: string }[];
    };
    expect(out.errors.map((e) => e.message)).toEqual(['a', 'b']);
  });

  it('cuts cycles and keeps plain values, dates and nested objects', () => {
    const node: Record<string, unknown> = { name: 'n', at: new Date(0), big: 10n };
    node.self = node;
    expect(serializeLogValue(node)).toEqual({
      name: 'n',
      at: '1970-01-01T00:00:00.000Z',
      big: '10',
      self: '[circular]',
    });
    const error = new Error('loop');
    (error as Error & { cause: unknown }).cause = error;
    expect((serializeLogValue(error) as { cause: unknown }).cause).toBe('[circular]');
  });
});

describe('log', () => {
  afterEach(() => vi.restoreAllMocks());

  it('never writes "[object Object]" for an error field', () => {
    const write = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    log('error', 'unexpected error', { error: new Error('kaboom'), errors: [{ message: 'x' }] });
    const line = String(write.mock.calls[0]?.[0]);
    expect(line).not.toContain('[object Object]');
    const parsed = JSON.parse(line) as { error: { message: string; stack: string }; errors: unknown };
    expect(parsed.error.message).toBe('kaboom');
    expect(parsed.error.stack).toContain('Error: kaboom');
    expect(parsed.errors).toEqual([{ message: 'x' }]);
  });
});
