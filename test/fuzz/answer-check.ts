/**
 * Judges one answer: never a 5xx; the media type and shape the endpoint promises for a refusal
 * (problem JSON; OAuth's JSON `error`; a GraphQL response; an authorization page); never a stack
 * trace or a server path in any body.
 */
import { fileURLToPath } from 'node:url';
import type { FuzzCase } from './fuzz-case.js';

/** What came back. */
export interface Answer {
  readonly status: number;
  readonly contentType: string;
  readonly text: string;
}

/** The project's root on this machine (a path that must never appear in a body). */
const PROJECT_ROOT = fileURLToPath(new URL('../../..', import.meta.url)).replace(/\/$/, '');
const LEAKS: readonly [string, RegExp][] = [
  // a stack line, raw, JSON-escaped or in Express's HTML page (`<br> &nbsp; &nbsp;at ...`)
  ['stack trace', /(?:^|\n|\\n|<br>)(?:\s|&nbsp;)+at \S/],
  ['stack trace', /"stacktrace"\s*:/],
  ['server path', new RegExp(`${PROJECT_ROOT.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}|/node_modules/|file:///`)],
];

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isJsonType = (type: string) => /^application\/(problem\+|graphql-response\+)?json\b/.test(type);

function restProblem(c: FuzzCase, a: Answer): string | undefined {
  if (a.status < 400) {
    const documented = c.successMediaTypes?.includes(a.contentType.split(';')[0]!.trim()) ?? false;
    return a.text === '' || isJsonType(a.contentType) || documented
      ? undefined
      : `success answered as ${a.contentType || 'no media type'}`;
  }
  const body = parseJson(a.text);
  if (a.contentType.startsWith('application/problem+json') && isObject(body) && typeof body.type === 'string')
    return undefined;
  const oauthRow = c.path.startsWith('/api/v1/auth/');
  if (oauthRow && a.contentType.startsWith('application/json') && isObject(body) && typeof body.error === 'string')
    return undefined;
  return `refusal is not problem JSON (${a.contentType || 'no media type'})`;
}

/** Error codes that mean the server failed (a 5xx in GraphQL clothing; Apollo answers them with 200). */
const SERVER_FAILURE_CODES = new Set(['INTERNAL_SERVER_ERROR', 'UNAVAILABLE']);

function graphqlProblem(a: Answer): string | undefined {
  const body = parseJson(a.text);
  if (!isJsonType(a.contentType) || !isObject(body))
    return `not a GraphQL JSON response (${a.contentType || 'no media type'})`;
  if (Array.isArray(body.errors) && body.errors.length > 0) {
    const codes = body.errors.map((e) => (isObject(e) && isObject(e.extensions) ? e.extensions.code : undefined));
    const failure = codes.find((code): code is string => typeof code === 'string' && SERVER_FAILURE_CODES.has(code));
    return failure ? `error code ${failure}` : undefined;
  }
  if ('data' in body && a.status < 400) return undefined;
  return 'GraphQL response without errors or data';
}

function pageProblem(a: Answer): string | undefined {
  if (a.status >= 300 && a.status < 400) return undefined;
  if (a.contentType.startsWith('text/html')) return undefined;
  const body = parseJson(a.text);
  if (a.contentType.startsWith('application/problem+json') && isObject(body)) return undefined;
  return `page answered as ${a.contentType || 'no media type'}`;
}

/**
 * Node's HTTP parser refuses a request line or headers over its 16 KiB limit with a 431 before any
 * application code runs (a 10,000-character CJK value is 90 KB once percent-encoded), answered as
 * the `headers_too_large` problem (subgraphs/kernel/http/client-error.ts) whatever the endpoint. That
 * is a clean refusal with nothing to leak, so it is not held to the endpoint's error format.
 */
function isParserRefusal(a: Answer): boolean {
  if (a.status !== 431 || !a.contentType.startsWith('application/problem+json')) return false;
  const body = parseJson(a.text);
  return isObject(body) && body.code === 'headers_too_large';
}

/** What is wrong with the answer to `c`, or undefined. */
export function violationOf(c: FuzzCase, a: Answer): string | undefined {
  if (a.status >= 500) return `${a.status}`;
  if (c.expected) {
    const body = parseJson(a.text);
    const code = isObject(body) ? body.code : undefined;
    if (a.status !== c.expected.status || code !== c.expected.code)
      return `${a.status} ${String(code)}, not ${c.expected.status} ${c.expected.code}`;
  }
  if (isParserRefusal(a)) return undefined;
  for (const [name, pattern] of LEAKS) if (pattern.test(a.text)) return name;
  if (c.style === 'graphql') return graphqlProblem(a);
  if (c.style === 'page') return pageProblem(a);
  return restProblem(c, a);
}

/** Whether the service did what was asked (so the call may legitimately have changed state). */
export function wasAccepted(c: FuzzCase, a: Answer): boolean {
  if (c.style !== 'graphql') return a.status < 400;
  const body = parseJson(a.text);
  return a.status < 400 && isObject(body) && !(Array.isArray(body.errors) && body.errors.length > 0);
}
