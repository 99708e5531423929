import DataLoader from 'dataloader';

/**
 * A request-scoped DataLoader that fetches rows by key in one query and returns them in key order
 * (missing keys resolve to null), so resolvers never issue one query per parent.
 */
export function keyedLoader<K extends string, V>(
  fetch: (keys: readonly K[]) => Promise<readonly V[]>,
  keyOf: (value: V) => K,
): DataLoader<K, V | null> {
  return new DataLoader<K, V | null>(async (keys) => {
    const rows = await fetch(keys);
    const byKey = new Map(rows.map((row) => [keyOf(row), row]));
    return keys.map((key) => byKey.get(key) ?? null);
  });
}

/**
 * A request-scoped DataLoader of one-to-many rows: fetches the rows of many keys in one query and
 * hands each key its rows, in the order `fetch` returned them (a key without rows gets []).
 */
export function groupedLoader<K extends string, V>(
  fetch: (keys: readonly K[]) => Promise<readonly V[]>,
  keyOf: (value: V) => K,
): DataLoader<K, V[]> {
  return new DataLoader<K, V[]>(async (keys) => {
    const groups = new Map<K, V[]>(keys.map((key) => [key, []]));
    for (const row of await fetch(keys)) groups.get(keyOf(row))?.push(row);
    return keys.map((key) => groups.get(key) ?? []);
  });
}
