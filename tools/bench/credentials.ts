/**
 * The benchmark's throwaway services: their environment and credentials (NODE_ENV=production, which
 * requires both). Not secrets: the database they guard is created and dropped by the run.
 */
import { BENCH_METRICS_TOKEN } from './diag.js';
import { loadEnv, type Env } from '../../subgraphs/kernel/env.js';

export const BENCH_OPERATOR_TOKEN = 'bench-operator-token-0123456789';
/** 32 bytes, base64url. */
export const BENCH_SECRETS_KEY = 'YmVuY2gtc2VjcmV0cy1rZXktMDEyMzQ1Njc4OTAxMjM';

/** The environment of a one-process service on a random loopback port over `databaseUrl`. */
export function benchServiceEnv(databaseUrl: string): Env {
  return loadEnv(benchServiceVariables(databaseUrl));
}

/** {@link benchServiceEnv} as environment variables, for the service processes of the separate topology. */
export function benchServiceVariables(databaseUrl: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    // A throwaway service that sends no mail: verification off, so no SMTP server is needed.
    EMAIL_VERIFICATION: 'false',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    SEED_DEMO_DATA: 'false',
    // The product's default unless the bench is run with it set (`SHARE_INFLIGHT_QUERIES=false npm run
    // bench` measures every query executed once per caller).
    ...(process.env.SHARE_INFLIGHT_QUERIES ? { SHARE_INFLIGHT_QUERIES: process.env.SHARE_INFLIGHT_QUERIES } : {}),
    // One access log line per request would flood the bench's terminal (its cost is measured apart).
    LOG_LEVEL: 'warn',
    OPERATOR_TOKEN: BENCH_OPERATOR_TOKEN,
    SECRETS_KEY: BENCH_SECRETS_KEY,
    // The receipt scenarios call each terminal far more than a person would: the limiter still counts
    // every call (its cost is measured), it just never refuses one.
    RATE_LIMIT_LAST_RECEIPT: '1000000',
    RATE_LIMIT_TERMINAL_CLAIM: '1000000',
    // BENCH_DIAG reads the service's event-loop delay from /metrics.
    ...(process.env.BENCH_DIAG ? { METRICS_TOKEN: BENCH_METRICS_TOKEN } : {}),
  };
}

/** Registers a first-party OAuth app through the service's GraphQL API as the operator; its client credentials. */
export async function registerBenchApp(
  url: string,
  name: string,
  redirectUri: string,
  scopes: readonly string[],
): Promise<{ clientId: string; clientSecret: string }> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${BENCH_OPERATOR_TOKEN}` },
    body: JSON.stringify({
      query: 'mutation($i: RegisterOAuthAppInput!) { registerOAuthApp(input: $i) { clientSecret app { clientId } } }',
      variables: { i: { name, redirectUris: [redirectUri], scopes, firstParty: true } },
    }),
  });
  const body = (await response.json()) as {
    data?: { registerOAuthApp: { clientSecret: string; app: { clientId: string } } };
  };
  if (!body.data) throw new Error(`${name}: app registration failed: ${JSON.stringify(body)}`);
  return { clientId: body.data.registerOAuthApp.app.clientId, clientSecret: body.data.registerOAuthApp.clientSecret };
}
