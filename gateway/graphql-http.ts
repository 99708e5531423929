import type { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import type { Express } from 'express';
import type { Authenticator } from '../subgraphs/kernel/auth/authenticate.js';
import { gatewayContext, type GatewayContext } from '../subgraphs/kernel/context.js';
import { graphqlBodyErrorHandler, graphqlJsonBody } from '../subgraphs/kernel/http/graphql-body.js';
import { mountGraphiQL } from './graphiql.js';

/** Options of {@link mountGraphQL}. */
export interface GraphQLHttpOptions {
  /** Serve the GraphiQL IDE to browsers at `GET /graphql` (graphiql.ts). Default false; on outside production. */
  readonly ide?: boolean;
}

/**
 * Serves the gateway at `/graphql` (POST and GET; with `ide`, the GraphiQL page for browsers).
 * Broken bodies are answered as GraphQL errors (see graphql-body.ts).
 */
export function mountGraphQL(
  app: Express,
  server: ApolloServer<GatewayContext>,
  authenticator: Authenticator,
  options: GraphQLHttpOptions = {},
): void {
  if (options.ide) mountGraphiQL(app);
  app.use(
    '/graphql',
    graphqlJsonBody(),
    expressMiddleware(server, {
      context: ({ req }) =>
        gatewayContext(req.requestId, req.headers.authorization, authenticator, req.ip, req.headers['user-agent']),
    }),
    graphqlBodyErrorHandler,
  );
}
