/**
 * One fuzz call: the request to send, which operation and position it aims at, and how the answer
 * must look. Also the helper that writes a hostile value's exact bytes into a JSON body.
 */

/** Who calls: no token, the operator credential, or a consumer's access token. */
export type Caller = 'anonymous' | 'operator' | 'user';

/** How a good refusal looks: problem JSON (REST), a GraphQL response, or an authorization page. */
export type AnswerStyle = 'problem' | 'graphql' | 'page';

/** One request of the run. */
export interface FuzzCase {
  /** `POST /api/v1/auth/token`, `Mutation.signInBrowser`. */
  readonly operation: string;
  /** `body.clientId`, `query.q`, `input.email`, `body (whole)`. */
  readonly position: string;
  /** The hostile value's kind. */
  readonly kind: string;
  readonly caller: Caller;
  readonly method: string;
  /** Path and query, already percent-encoded as they go on the wire. */
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: Buffer;
  readonly style: AnswerStyle;
  /** Media types other than JSON the document promises for a success (a binary row's PNG or PDF). */
  readonly successMediaTypes?: readonly string[];
  /** The one status and problem `code` the answer must have (a case built to be refused in a particular way). */
  readonly expected?: { readonly status: number; readonly code: string };
}

/** A path into a JSON value: property names and list indexes. */
export type JsonPath = readonly (string | number)[];

const SENTINEL = '\u0001fuzz-value\u0001';

function withSentinel(base: unknown, path: JsonPath): unknown {
  if (path.length === 0) return SENTINEL;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const list = Array.isArray(base) ? [...(base as unknown[])] : [];
    list[head] = withSentinel(list[head], rest);
    return list;
  }
  const object = base !== null && typeof base === 'object' && !Array.isArray(base) ? { ...base } : {};
  (object as Record<string, unknown>)[head!] = withSentinel((object as Record<string, unknown>)[head!], rest);
  return object;
}

/** `base` as JSON with the exact bytes `value` at `path` (which need not exist in `base`). */
export function jsonWith(base: unknown, path: JsonPath, value: Buffer): Buffer {
  const marker = JSON.stringify(SENTINEL);
  const [before, after] = JSON.stringify(withSentinel(base, path)).split(marker) as [string, string];
  return Buffer.concat([Buffer.from(before, 'utf8'), value, Buffer.from(after, 'utf8')]);
}

/** `a.b[0].c` */
export function pathLabel(path: JsonPath): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

/** The value at `path` in `base`, if any. */
export function valueAt(base: unknown, path: JsonPath): unknown {
  let value = base;
  for (const key of path)
    value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return value;
}
