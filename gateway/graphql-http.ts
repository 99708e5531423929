import type { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import type { Express } from 'express';
import type { Authenticator } from '../subgraphs/kernel/auth/authenticate.js';
import { gatewayContext, type GatewayContext } from '../subgraphs/kernel/context.js';
import { graphqlBodyErrorHandler, graphqlJsonBody } from '../subgraphs/kernel/http/graphql-body.js';

/**
 * Serves the gateway at `/graphql` (POST and GET; the sandbox page for browsers in development).
 * Broken bodies are answered as GraphQL errors (see graphql-body.ts).
 */
export function mountGraphQL(app: Express, server: ApolloServer<GatewayContext>, authenticator: Authenticator): void {
  app.use(
    '/graphql',
    graphqlJsonBody(),
    expressMiddleware(server, {
      context: ({ req }) => gatewayContext(req.requestId, req.headers.authorization, authenticator, req.ip),
    }),
    graphqlBodyErrorHandler,
  );
}
