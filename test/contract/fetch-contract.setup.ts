/**
 * Vitest setup file (vitest.config.mjs `setupFiles`): every response a test receives through `fetch`
 * from a facade path (`/api/...`, `/.well-known/...`, `/oauth/...`) is checked against the OpenAPI
 * document its own origin serves at `/openapi.json` (openapi-contract.ts). A response that breaks the
 * contract rejects the fetch, and the test fails in `afterEach` even if it caught that rejection.
 * Origins that serve no document (a subgraph, the gateway) are left alone.
 */
import { afterEach } from 'vitest';
import { OpenApiContract, type ContractDocument } from './openapi-contract.js';

const FACADE_PATH = /^\/(api|\.well-known|oauth)\//;
const INSTALLED = Symbol.for('retail-media.fetch-contract');

interface ContractState {
  readonly originalFetch: typeof fetch;
  readonly contracts: Map<string, Promise<OpenApiContract | undefined>>;
  readonly violations: string[];
}

// Kept on globalThis, so a second evaluation of this file in one process shares the one wrapper.
const global = globalThis as typeof globalThis & { [INSTALLED]?: ContractState };
const state: ContractState = (global[INSTALLED] ??= {
  originalFetch: globalThis.fetch,
  contracts: new Map<string, Promise<OpenApiContract | undefined>>(),
  violations: [] as string[],
});
const { originalFetch, contracts, violations } = state;

/** The origin's contract, fetched once; undefined when it serves no OpenAPI document. */
function contractOf(origin: string): Promise<OpenApiContract | undefined> {
  let contract = contracts.get(origin);
  if (!contract) {
    contract = originalFetch(`${origin}/openapi.json`)
      .then(async (response) => {
        if (!response.ok) return undefined;
        const document = (await response.json()) as Partial<ContractDocument> & { openapi?: unknown };
        return typeof document.openapi === 'string' && document.paths
          ? new OpenApiContract(document as ContractDocument)
          : undefined;
      })
      .catch(() => undefined);
    contracts.set(origin, contract);
  }
  return contract;
}

function requestOf(input: Parameters<typeof fetch>[0], init: Parameters<typeof fetch>[1]) {
  const url = input instanceof Request ? input.url : String(input);
  const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
  return { url, method };
}

async function checkedFetch(...args: Parameters<typeof fetch>): Promise<Response> {
  const { url, method } = requestOf(...args);
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  if (!parsed || !parsed.protocol.startsWith('http') || !FACADE_PATH.test(parsed.pathname))
    return originalFetch(...args);
  // Fetched before the request, while the service is surely up (some tests stop it right after).
  const contract = await contractOf(parsed.origin);
  const response = await originalFetch(...args);
  // After a followed redirect, the answer is to a GET of the final URL.
  const answered = { method: response.redirected ? 'GET' : method, url: response.url || url };
  if (!contract?.covers(answered.method, answered.url)) return response;
  const exchange = {
    ...answered,
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: await response.clone().text(),
  };
  const problems = contract.check(exchange) ?? [];
  if (problems.length > 0) {
    violations.push(...problems);
    throw new Error(`The response breaks the OpenAPI contract:\n${problems.join('\n')}`);
  }
  return response;
}

if (globalThis.fetch === originalFetch) globalThis.fetch = checkedFetch;

afterEach(() => {
  const found = violations.splice(0);
  if (found.length > 0) throw new Error(`Responses broke the OpenAPI contract:\n${found.join('\n')}`);
});
