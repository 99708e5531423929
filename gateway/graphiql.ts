/**
 * The GraphQL IDE: GraphiQL's published UMD bundle and stylesheet with React's UMD builds, served from
 * node_modules by this process (never a CDN: the IDE must work offline), under a CSP that allows
 * scripts and connections to this origin only. Apollo's own landing page (Sandbox, loaded from a CDN)
 * is off. Outside production only, like introspection, without which the IDE would know no schema.
 */
import type { Express, NextFunction, Request, Response } from 'express';
import { createRequire } from 'node:module';
import path from 'node:path';

/** Where the IDE's files are served (not under /graphql, which the GraphQL middleware owns). */
export const GRAPHIQL_ASSETS_PATH = '/graphiql';

const require = createRequire(import.meta.url);
const packageDir = (name: string): string => path.dirname(require.resolve(`${name}/package.json`));

/** Asset name -> file in an installed package (production UMD builds). */
const ASSETS: Readonly<Record<string, string>> = {
  'react.production.min.js': path.join(packageDir('react'), 'umd', 'react.production.min.js'),
  'react-dom.production.min.js': path.join(packageDir('react-dom'), 'umd', 'react-dom.production.min.js'),
  'graphiql.min.js': path.join(packageDir('graphiql'), 'graphiql.min.js'),
  'graphiql.min.css': path.join(packageDir('graphiql'), 'graphiql.min.css'),
};

/**
 * What the editor opens on (instead of GraphiQL's stock welcome text) until the user has a query of
 * their own: a public query of this API that answers on the demo data without a token, and how to
 * send one.
 */
export const EXAMPLE_QUERY = `# Retail Media Platform: the federated GraphQL API (Run: Ctrl-Enter / Cmd-Enter).
# Public queries such as this one need no token. For the others, add a bearer token in the
# Headers tab below: {"Authorization": "Bearer <accessToken>"} (npm run ops -- token:demo prints one).
query TokyoStores {
  publicStores(prefecture: "13", pageSize: 5) {
    total
    items {
      name
      nameKana
      address
      storeType
      business {
        name
      }
    }
  }
}
`;

/** Starts GraphiQL against the endpoint named on the root element (an external file: no inline script). */
const INITIALIZER = `(function () {
  var root = document.getElementById('graphiql');
  var fetcher = GraphiQL.createFetcher({ url: root.getAttribute('data-endpoint') });
  ReactDOM.createRoot(root).render(
    React.createElement(GraphiQL, {
      fetcher: fetcher,
      defaultEditorToolsVisibility: true,
      defaultQuery: ${JSON.stringify(EXAMPLE_QUERY)},
    }),
  );
})();
`;

function page(endpoint: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>GraphiQL: Retail Media Platform</title>
    <link rel="stylesheet" href="${GRAPHIQL_ASSETS_PATH}/graphiql.min.css">
    <style>body{margin:0;height:100vh}#graphiql{height:100vh}</style>
  </head>
  <body>
    <noscript>GraphiQL needs JavaScript. POST GraphQL operations as JSON to ${endpoint}.</noscript>
    <div id="graphiql" data-endpoint="${endpoint}"></div>
    <script src="${GRAPHIQL_ASSETS_PATH}/react.production.min.js"></script>
    <script src="${GRAPHIQL_ASSETS_PATH}/react-dom.production.min.js"></script>
    <script src="${GRAPHIQL_ASSETS_PATH}/graphiql.min.js"></script>
    <script src="${GRAPHIQL_ASSETS_PATH}/init.js"></script>
  </body>
</html>
`;
}

/** Scripts and connections to this origin only; GraphiQL sets inline styles and inlines its fonts. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** A browser asking for a page (HTML preferred over JSON), as Apollo decides for its landing page. */
function wantsHtml(req: Request): boolean {
  return req.accepts(['application/json', 'application/graphql-response+json', 'text/html']) === 'text/html';
}

/**
 * Serves the IDE page for a browser's `GET /graphql` (mount before the GraphQL middleware) and its
 * assets under {@link GRAPHIQL_ASSETS_PATH}. Every other request passes on to GraphQL.
 */
export function mountGraphiQL(app: Express, endpoint = '/graphql'): void {
  const html = page(endpoint);
  app.get(endpoint, (req: Request, res: Response, next: NextFunction) => {
    if (!wantsHtml(req)) return next();
    res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Vary', 'Accept');
    res.status(200).type('html').send(html);
  });
  app.get(`${GRAPHIQL_ASSETS_PATH}/init.js`, (_req: Request, res: Response) => {
    res.status(200).type('text/javascript; charset=utf-8').send(INITIALIZER);
  });
  for (const [name, file] of Object.entries(ASSETS)) {
    app.get(`${GRAPHIQL_ASSETS_PATH}/${name}`, (_req: Request, res: Response) =>
      res.sendFile(file, { maxAge: '1d', headers: { 'X-Content-Type-Options': 'nosniff' } }),
    );
  }
}
