/**
 * A business of the bench's own and a real business token for it, as a partner app gets one: the
 * business and an owner user inserted by SQL (the owner anonymous: no password hashing), a first-party
 * app registered by the operator, an authorization code issued on an ORM in this process, and the code
 * exchanged at POST /api/v1/auth/token on the service. Setup, never measured.
 */
import pg from 'pg';
import { ALL_ENTITIES } from '../../subgraphs/index.js';
import { findClient, issueAuthorizationCode } from '../../subgraphs/identity/index.js';
import { createOrm, rootEntityManager } from '../../subgraphs/kernel/db/orm.js';
import { uuidv7 } from '../../subgraphs/kernel/db/uuid.js';
import { benchServiceEnv, registerBenchApp } from './credentials.js';
import type { Target } from './load.js';

const REDIRECT_URI = 'https://bench.example/callback';

/** A bench business and its owner's bearer token. */
export interface BenchBusiness {
  readonly businessAccountId: string;
  readonly token: string;
}

/** What to create: the business's and the app's names, and the token's scopes. */
export interface BenchBusinessSpec {
  readonly name: string;
  readonly appName: string;
  readonly scopes: readonly string[];
}

/** A new business, its owner and the owner's business token with `spec.scopes` (through the code exchange on `service`). */
export async function createBenchBusiness(
  service: Target,
  databaseUrl: string,
  spec: BenchBusinessSpec,
): Promise<BenchBusiness> {
  const businessAccountId = uuidv7();
  const userId = uuidv7();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into "business_account" ("id", "created_at", "updated_at", "name", "owner_email")
       values ($1, now(), now(), $2, $3)`,
      [businessAccountId, spec.name, `bench-${businessAccountId}@example.test`],
    );
    await client.query(
      `insert into "user_account" ("id", "created_at", "updated_at", "is_anonymous") values ($1, now(), now(), true)`,
      [userId],
    );
  } finally {
    await client.end();
  }
  const scopes = [...spec.scopes];
  const app = await registerBenchApp(service.url, spec.appName, REDIRECT_URI, scopes);
  const orm = await createOrm({ env: benchServiceEnv(databaseUrl), entities: ALL_ENTITIES, poolSize: 2 });
  let code: string;
  try {
    const em = rootEntityManager(orm).fork();
    const oauthClient = await findClient(em, app.clientId);
    if (!oauthClient) throw new Error(`${spec.appName}: app not found`);
    ({ code } = await issueAuthorizationCode(em, {
      client: oauthClient,
      userId,
      businessAccountId,
      redirectUri: REDIRECT_URI,
      scopes,
    }));
  } finally {
    await orm.close(true);
  }
  const response = await fetch(`${service.url}/api/v1/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grantType: 'authorization_code', ...app, code, redirectUri: REDIRECT_URI }),
  });
  const body = (await response.json()) as { accessToken?: string };
  if (!body.accessToken) throw new Error(`${spec.appName}: token exchange failed: ${JSON.stringify(body)}`);
  return { businessAccountId, token: body.accessToken };
}
