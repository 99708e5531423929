import type { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import express, { type Express } from 'express';
import type { Authenticator } from '../subgraphs/kernel/auth/authenticate.js';
import { gatewayContext, type GatewayContext } from '../subgraphs/kernel/context.js';

/** Serves the gateway at `/graphql` (POST and GET; the sandbox page for browsers in development). */
export function mountGraphQL(app: Express, server: ApolloServer<GatewayContext>, authenticator: Authenticator): void {
  app.use(
    '/graphql',
    express.json({ limit: '1mb' }),
    expressMiddleware(server, {
      context: ({ req }) => gatewayContext(req.requestId, req.headers.authorization, authenticator, req.ip),
    }),
  );
}
