/**
 * The cost of checking an access token on a request: the signature alone, the signature plus the
 * grant-liveness lookup (what every authenticated request pays, so a refresh or revocation takes
 * effect at once), and the same public page fetched without and with a bearer token. Sequential,
 * in this process, medians.
 */
import { startAllInOne } from '../../processes/all-in-one/all-in-one.js';
import { findClient, issueAuthorizationCode } from '../../subgraphs/identity/index.js';
import { SqlAccessTokenVerifier } from '../../subgraphs/kernel/auth/access-token-verifier.js';
import { rootEntityManager } from '../../subgraphs/kernel/db/orm.js';
import { BENCH_OPERATOR_TOKEN, benchServiceEnv } from './credentials.js';

const REDIRECT_URI = 'https://bench.example/callback';

/** One measured line: median wall time per call. */
export interface TokenCheckCost {
  readonly name: string;
  readonly medianMs: number;
}

async function median(calls: number, run: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < Math.min(50, calls); i++) await run();
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const start = process.hrtime.bigint();
    await run();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return times.sort((a, b) => a - b)[Math.floor(calls / 2)] ?? 0;
}

async function operator<T>(url: string, query: string, variables: Record<string, unknown>): Promise<T> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${BENCH_OPERATOR_TOKEN}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: unknown[] };
  if (!body.data || body.errors) throw new Error(`bench setup failed: ${JSON.stringify(body.errors)}`);
  return body.data;
}

/** A user, a first-party app and a real access token on the running service. */
async function mintToken(url: string, em: Parameters<typeof issueAuthorizationCode>[0]): Promise<string> {
  const { createUser } = await operator<{ createUser: { id: string } }>(
    url,
    'mutation($i: CreateUserInput!) { createUser(input: $i) { id } }',
    { i: { email: 'bench-user@example.test', password: 'a benchmark password of some length' } },
  );
  const { registerOAuthApp } = await operator<{
    registerOAuthApp: { clientSecret: string; app: { clientId: string } };
  }>(url, 'mutation($i: RegisterOAuthAppInput!) { registerOAuthApp(input: $i) { clientSecret app { clientId } } }', {
    i: { name: 'Bench', redirectUris: [REDIRECT_URI], scopes: ['user.profile.read'], firstParty: true },
  });
  const { clientId } = registerOAuthApp.app;
  const client = await findClient(em, clientId);
  if (!client) throw new Error('bench app not found');
  const { code } = await issueAuthorizationCode(em, {
    client,
    userId: createUser.id,
    redirectUri: REDIRECT_URI,
    scopes: ['user.profile.read'],
  });
  const response = await fetch(`${url}/api/v1/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grantType: 'authorization_code',
      clientId,
      clientSecret: registerOAuthApp.clientSecret,
      code,
      redirectUri: REDIRECT_URI,
    }),
  });
  const body = (await response.json()) as { accessToken?: string };
  if (!body.accessToken) throw new Error(`bench token exchange failed: ${JSON.stringify(body)}`);
  return body.accessToken;
}

/** Measures the token check on a fresh in-process service over `databaseUrl`. */
export async function measureTokenCheck(databaseUrl: string, calls: number): Promise<TokenCheckCost[]> {
  const env = benchServiceEnv(databaseUrl);
  const service = await startAllInOne(env);
  try {
    const em = rootEntityManager(service.orm);
    const token = await mintToken(service.url, em.fork());
    const verifier = new SqlAccessTokenVerifier(em, env);
    if (!(await verifier.verify(token))) throw new Error('bench token did not verify');
    const page = `${service.url}/api/v1/public/stores?prefecture=13`;
    const get = (headers: Record<string, string>) => fetch(page, { headers }).then((r) => r.arrayBuffer());
    return [
      {
        name: 'verify signature only (jose, EdDSA)',
        medianMs: await median(calls, () => verifier.verifySignature(token)),
      },
      {
        name: 'verify signature + grant liveness (one PK select)',
        medianMs: await median(calls, () => verifier.verify(token)),
      },
      { name: 'GET /api/v1/public/stores?prefecture=13, no token', medianMs: await median(calls, () => get({})) },
      {
        name: 'GET /api/v1/public/stores?prefecture=13, bearer token',
        medianMs: await median(calls, () => get({ authorization: `Bearer ${token}` })),
      },
    ];
  } finally {
    await service.close();
  }
}
