import { describe, expect, it } from 'vitest';
import { register } from 'prom-client';
import { BoundedNames, recordOperation } from './graphql-metrics.js';

describe('BoundedNames (operation name labels)', () => {
  it('keeps valid names, names the anonymous and refuses what is no GraphQL name', () => {
    const names = new BoundedNames(10);
    expect(names.label('PublicStores')).toBe('PublicStores');
    expect(names.label(undefined)).toBe('(anonymous)');
    expect(names.label('')).toBe('(anonymous)');
    expect(names.label('not a name"}')).toBe('(other)');
    expect(names.label(`A${'b'.repeat(100)}`)).toBe('(other)');
  });

  it('caps the number of distinct names callers can create, and keeps the ones already seen', () => {
    const names = new BoundedNames(200);
    expect(names.label('SeenEarly')).toBe('SeenEarly');
    const labels = Array.from({ length: 400 }, (_, i) => names.label(`Caller${i}`));
    expect(labels.filter((l) => l !== '(other)').length).toBeLessThanOrEqual(200);
    expect(labels.at(-1)).toBe('(other)');
    expect(names.label('SeenEarly')).toBe('SeenEarly');
  });
});

describe('recordOperation', () => {
  it('observes graphql_operation_duration_seconds by component, subgraph, name, type and outcome', async () => {
    recordOperation({ component: 'subgraph', subgraph: 'stores' }, { name: 'Q1', type: 'query' }, 'error', 0.002);
    const text = await register.metrics();
    expect(text).toContain(
      'graphql_operation_duration_seconds_count{component="subgraph",subgraph="stores",operation_name="Q1",operation_type="query",outcome="error"} 1',
    );
  });
});
