/**
 * Every read path of the service, built from what serves it rather than listed by hand: each GET row
 * of the facade's route table (path parameters filled with demo ids) and each public root query of
 * the composed schema. A new row or query is walked without touching this file, so a new read that
 * bypasses the outage mapping fails the outage test.
 */
import { buildClientSchema, type IntrospectionQuery } from 'graphql';
import { demoId } from '../processes/demo/demo-id.js';
import { DEMO_CHECK_IN_TOKEN } from '../processes/demo/demo-check-ins.js';
import { DEMO_SHOP_ID, DEMO_TERMINAL_ID } from '../processes/demo/demo-content.js';
import { DEMO_CUSTOMER_ID } from '../processes/demo/demo-customers.js';
import { DEMO_SURVEY_TOKEN } from '../processes/demo/demo-surveys.js';
import { routes } from '../rest-facade/table.js';
import type { Route } from '../rest-facade/kernel/route.js';
import { ACCESS_TABLE } from '../subgraphs/kernel/auth/access-table.js';
import { operationCalls, type OperationCall } from './operation-walker.js';

/** The value of each path parameter name, by the path it appears in (demo data where it has one). */
const PATH_VALUES: Readonly<Record<string, (path: string) => string>> = {
  storeId: () => demoId(2, 1),
  shopId: () => DEMO_SHOP_ID,
  slug: () => 'about',
  couponId: () => demoId(0x23, 1),
  token: (path) => (path.includes('/surveys/') ? DEMO_SURVEY_TOKEN : DEMO_CHECK_IN_TOKEN),
  publicTerminalId: () => DEMO_TERMINAL_ID,
  // Well-formed (43 characters of base64url), so it is looked up rather than refused by its shape.
  claimToken: () => 'A'.repeat(43),
  customerId: () => DEMO_CUSTOMER_ID,
  id: () => demoId(0x7e, 1),
  deviceLibraryIdentifier: () => 'demo-device-library-identifier',
  passTypeIdentifier: () => 'pass.example.demo',
  serialNumber: () => demoId(0x7e, 2),
};

/** Who calls a row in the walk: nobody for a public row, the operator where allowed, else a user token. */
export type ReadCaller = 'anonymous' | 'operator' | 'user';

export interface ReadPath {
  /** `GET /api/v1/public/stores/:storeId` */
  readonly name: string;
  /** The concrete path, parameters filled. */
  readonly path: string;
  readonly caller: ReadCaller;
}

function filled(route: Route): string {
  return route.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = PATH_VALUES[name];
    // A new parameter name must get a value here, not be skipped.
    if (!value) throw new Error(`read-paths: no demo value for path parameter :${name} (${route.path})`);
    return encodeURIComponent(value(route.path));
  });
}

function callerOf(route: Route): ReadCaller {
  if (!route.auth) return 'anonymous';
  return route.auth.callers.includes('operator') ? 'operator' : 'user';
}

/** Every GET row of the facade's route table. */
export function restReadPaths(): ReadPath[] {
  return routes
    .filter((route) => route.method === 'GET')
    .map((route) => ({ name: `GET ${route.path}`, path: filled(route), caller: callerOf(route) }));
}

/** `variables` with each one named like a path parameter given that parameter's demo value. */
function withDemoValues(variables: Record<string, unknown>): Record<string, unknown> {
  const named = Object.keys(variables).filter((name) => PATH_VALUES[name] !== undefined);
  return { ...variables, ...Object.fromEntries(named.map((name) => [name, PATH_VALUES[name]!('')])) };
}

const b64 = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A well-formed access token signed by a key no cache holds: checking it reads the signing keys. */
export const UNKNOWN_KEY_TOKEN = `${b64({ alg: 'EdDSA', typ: 'at+jwt', kid: 'kid-read-paths-0001' })}.${b64({ sub: 'x' })}.${'A'.repeat(86)}`;

/**
 * Queries whose placeholder call is refused before any lookup (a client_id of the wrong shape, no
 * token at all), called instead with arguments that must be looked up: the demo app's authorization
 * request, a token of an unknown signing key.
 */
const LOOKED_UP: Readonly<Record<string, Pick<OperationCall, 'document' | 'variables'>>> = {
  'Query.authorizationPrompt': {
    document:
      'query Walk($request: AuthorizationRequestInput!) { authorizationPrompt(request: $request) { __typename } }',
    variables: {
      request: {
        clientId: 'rmp_demo_consumer_app',
        redirectUri: 'http://127.0.0.1:8765/callback',
        responseType: 'code',
        scope: 'user.profile.read',
        state: 's',
        codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        codeChallengeMethod: 'S256',
      },
    },
  },
  'Query.verifyAccessToken': {
    document: 'query Walk($token: String) { verifyAccessToken(token: $token) { __typename } }',
    variables: { token: UNKNOWN_KEY_TOKEN },
  },
};

/** A call of every root query the access table makes public (demo values where the arguments name one). */
export function publicQueries(introspection: IntrospectionQuery): OperationCall[] {
  return operationCalls(buildClientSchema(introspection))
    .filter((call) => {
      const rule = ACCESS_TABLE[call.operation];
      return call.operation.startsWith('Query.') && rule !== undefined && 'public' in rule;
    })
    .map((call) => ({ ...call, variables: withDemoValues(call.variables), ...LOOKED_UP[call.operation] }));
}
