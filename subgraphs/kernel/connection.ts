/**
 * Relay cursor connections (https://relay.dev/graphql/connections.htm): one shape for every list of
 * the back office. A list reads `first + 1` rows in a stable order (ending in a unique column, the id),
 * after the keyset of its `after` cursor, and `connectionOf` turns them into edges, nodes and
 * `pageInfo`. Cursors are opaque base64url of the sort key's values: stable while rows are added or
 * removed, and the keyset condition is an index condition (no OFFSET).
 */
import { Directive, Field, ObjectType } from 'type-graphql';
import type { Validation } from './errors.js';

/** Where a page of a connection starts and ends (the Relay PageInfo; shared by every subgraph). */
@ObjectType('PageInfo', { description: 'Where a page of a connection starts and ends (Relay).' })
@Directive('@shareable')
export class PageInfo {
  @Field(() => Boolean, { description: 'Whether more items follow the last edge (ask again with `after: endCursor`).' })
  hasNextPage!: boolean;

  @Field(() => Boolean, { description: 'Whether items come before the first edge (true when `after` was given).' })
  hasPreviousPage!: boolean;

  @Field(() => String, { nullable: true, description: 'The first edge’s cursor; null on an empty page.' })
  startCursor!: string | null;

  @Field(() => String, { nullable: true, description: 'The last edge’s cursor; null on an empty page.' })
  endCursor!: string | null;
}

/** The plain shape of a connection, before type-graphql sees it. */
export interface Connection<N> {
  readonly edges: { readonly cursor: string; readonly node: N }[];
  readonly nodes: N[];
  readonly pageInfo: PageInfo;
}

/** One value of a sort key: text, a number, or an instant (kept as its ISO text). */
export type CursorValue = string | number | Date;

/** The opaque cursor of a sort key: base64url of its JSON (instants as ISO 8601 text). */
export function encodeCursor(values: readonly CursorValue[]): string {
  const plain = values.map((value) => (value instanceof Date ? value.toISOString() : value));
  return Buffer.from(JSON.stringify(plain), 'utf8').toString('base64url');
}

/** The kinds of a sort key's values, in order, to read a cursor back. */
export type CursorShape = readonly ('string' | 'number' | 'date')[];

/** Reads a cursor of `shape` back; null for anything this service did not make for that shape. */
export function decodeCursor(cursor: string, shape: CursorShape): CursorValue[] | null {
  if (!/^[A-Za-z0-9_-]{1,1024}$/.test(cursor)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== shape.length) return null;
  const values: CursorValue[] = [];
  for (const [i, kind] of shape.entries()) {
    const value: unknown = parsed[i];
    if (kind === 'number' && typeof value === 'number' && Number.isFinite(value)) values.push(value);
    else if (kind === 'string' && typeof value === 'string') values.push(value);
    else if (kind === 'date' && typeof value === 'string' && !Number.isNaN(Date.parse(value)))
      values.push(new Date(value));
    else return null;
  }
  return values;
}

/** Page size rules of a list: its default and its cap (DECISIONS: above the cap is clamped). */
export interface PageLimits {
  readonly defaultSize: number;
  readonly maxSize: number;
}

/** The default page rules of back-office lists: 20 a page, at most 100. */
export const DEFAULT_PAGE_LIMITS: PageLimits = { defaultSize: 20, maxSize: 100 };

/**
 * Reads `first` and `after`: `first` defaults and is clamped to the cap, below 1 is a field error;
 * an `after` that is not a cursor of this list's `shape` is a field error. Call
 * `validation.throwIfInvalid()` after.
 */
export function pageArgs(
  args: { readonly first?: number | null; readonly after?: string | null },
  shape: CursorShape,
  validation: Validation,
  limits: PageLimits = DEFAULT_PAGE_LIMITS,
): { first: number; after: CursorValue[] | null } {
  const first = Math.min(args.first ?? limits.defaultSize, limits.maxSize);
  validation.check(first >= 1, 'first', 'must be 1 or more');
  const after = args.after ? decodeCursor(args.after, shape) : null;
  validation.check(!args.after || after !== null, 'after', 'is not a cursor of this list');
  return { first: Math.max(first, 1), after };
}

/**
 * The connection of a page read with `limit first + 1`: the extra row only says that more follow.
 * `keyOf` gives a node's sort key, the same values the list's keyset condition compares.
 */
export function connectionOf<N>(
  rows: readonly N[],
  first: number,
  keyOf: (node: N) => readonly CursorValue[],
  afterGiven = false,
): Connection<N> {
  const nodes = rows.slice(0, first);
  const edges = nodes.map((node) => ({ cursor: encodeCursor(keyOf(node)), node }));
  return {
    edges,
    nodes,
    pageInfo: {
      hasNextPage: rows.length > first,
      hasPreviousPage: afterGiven,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}

/**
 * The GraphQL types `<Name>Connection` and `<Name>Edge` of a node type: edges with cursors, the
 * nodes alone for clients that need no cursors, and the shared `PageInfo`.
 */
export function connectionType<N extends object>(name: string, node: new () => N, description: string) {
  @ObjectType(`${name}Edge`, { description: `One ${name} of a page, with its cursor.` })
  class Edge {
    @Field(() => String, { description: 'Opaque cursor: pass it as `after` for the items after this one.' })
    cursor!: string;

    @Field(() => node)
    node!: N;
  }

  @ObjectType(`${name}Connection`, { description })
  class ConnectionOfNode implements Connection<N> {
    @Field(() => [Edge])
    edges!: Edge[];

    @Field(() => [node], { description: 'The edges’ nodes, for clients that need no cursors.' })
    nodes!: N[];

    @Field(() => PageInfo)
    pageInfo!: PageInfo;
  }
  return ConnectionOfNode;
}
