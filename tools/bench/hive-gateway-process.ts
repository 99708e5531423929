/**
 * Child-process entry of the gateway comparison (bench/gateway-compare.ts): Hive Gateway
 * (`@graphql-hive/gateway-runtime` over `@graphql-mesh/transport-http`) serving a supergraph file at
 * `/graphql` on loopback, forwarding the caller's `Authorization`, `X-Request-Id` and client address
 * to the subgraphs as @apollo/gateway's data source does. Usage (by the bench, not by hand):
 * `node hive-gateway-process.js <port> <supergraph file>`; prints `listening <url>` once it listens.
 */
import { readFileSync } from 'node:fs';
import { createServer, type RequestListener } from 'node:http';

/** What this file uses of `@graphql-hive/gateway-runtime`. */
interface HiveRuntime {
  createGatewayRuntime: (options: {
    supergraph: string;
    transports: Record<string, unknown>;
    graphqlEndpoint: string;
    landingPage: boolean;
    logging: string;
    propagateHeaders: {
      fromClientToSubgraphs(payload: { request: Request }): Record<string, string | null>;
    };
  }) => RequestListener & { dispose(): Promise<void> };
}

/**
 * Imported by a computed name: the runtime's typings pull in the DOM library (through
 * @whatwg-node/fetch), which would change `fetch`'s and `BodyInit`'s types for the whole project.
 */
const load = (name: string): Promise<unknown> => import(name);
const { createGatewayRuntime } = (await load('@graphql-hive/gateway-runtime')) as HiveRuntime;
const { default: http } = (await load('@graphql-mesh/transport-http')) as { default: unknown };

/** Starts Hive Gateway over `supergraphSdl` on `port`; resolves with its base URL. */
export async function startHiveGateway(supergraphSdl: string, port: number): Promise<{ url: string; close(): void }> {
  const gateway = createGatewayRuntime({
    supergraph: supergraphSdl,
    transports: { http },
    graphqlEndpoint: '/graphql',
    // A bench target: no landing page, and log lines would only cost CPU.
    landingPage: false,
    logging: 'error',
    propagateHeaders: {
      fromClientToSubgraphs: ({ request }) => ({
        authorization: request.headers.get('authorization'),
        'x-request-id': request.headers.get('x-request-id'),
        'x-forwarded-for': request.headers.get('x-forwarded-for'),
      }),
    },
  });
  const server = createServer(gateway);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      server.closeAllConnections();
      server.close();
      void gateway.dispose();
    },
  };
}

const [port, file] = process.argv.slice(2);
if (port && file) {
  const running = await startHiveGateway(readFileSync(file, 'utf8'), Number(port));
  process.stdout.write(`listening ${running.url}\n`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      running.close();
      // Exiting normally writes the `--cpu-prof` profile when one was asked for.
      process.exit(0);
    });
}
