/**
 * Serves the OpenAPI document at `/openapi.json` and Swagger UI at `/docs`. Swagger UI's assets come
 * from the installed swagger-ui-dist package, never a CDN: the service must document itself offline.
 */
import express, { type Express, type Request, type Response } from 'express';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { OpenApiDocument } from './kernel/openapi.js';

/** Where the document and the page are served. */
export const OPENAPI_PATH = '/openapi.json';
export const DOCS_PATH = '/docs';
export const DOCS_ASSETS_PATH = `${DOCS_PATH}/assets`;

const SWAGGER_UI_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** Replaces the package's own initializer, which points at the petstore example. */
const INITIALIZER = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '${OPENAPI_PATH}',
    dom_id: '#swagger-ui',
    deepLinking: true,
    showExtensions: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
`;

const PAGE = `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Retail Media Platform API</title>
    <link rel="stylesheet" href="${DOCS_ASSETS_PATH}/swagger-ui.css">
    <link rel="icon" type="image/png" href="${DOCS_ASSETS_PATH}/favicon-32x32.png" sizes="32x32">
    <link rel="icon" type="image/png" href="${DOCS_ASSETS_PATH}/favicon-16x16.png" sizes="16x16">
  </head>
  <body>
    <noscript>This page needs JavaScript. The OpenAPI document is at <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a>.</noscript>
    <div id="swagger-ui"></div>
    <script src="${DOCS_ASSETS_PATH}/swagger-ui-bundle.js" charset="utf-8"></script>
    <script src="${DOCS_ASSETS_PATH}/swagger-initializer.js" charset="utf-8"></script>
  </body>
</html>
`;

/**
 * The page's Content-Security-Policy: scripts and styles from this origin only (Swagger UI sets inline
 * styles and data: images); "Try it out" may call this origin and the public URL.
 */
function contentSecurityPolicy(publicUrl: string): string {
  const connect = ["'self'", new URL(publicUrl).origin].join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    `connect-src ${connect}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Mounts `GET /openapi.json` (the document, serialized once) and `GET /docs` (Swagger UI) with its
 * assets under `/docs/assets`.
 */
export function mountDocs(app: Express, document: OpenApiDocument, publicUrl: string): void {
  const json = JSON.stringify(document);
  const csp = contentSecurityPolicy(publicUrl);

  app.get(OPENAPI_PATH, (_req: Request, res: Response) => {
    // A public description of a public interface: any origin's tooling (editors, generators) may read it.
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Cache-Control', 'no-cache');
    res.status(200).type('application/json; charset=utf-8').send(json);
  });
  app.get(DOCS_PATH, (_req: Request, res: Response) => {
    res.setHeader('Content-Security-Policy', csp);
    res.setHeader('Cache-Control', 'no-cache');
    res.status(200).type('text/html; charset=utf-8').send(PAGE);
  });
  app.get(`${DOCS_ASSETS_PATH}/swagger-initializer.js`, (_req: Request, res: Response) => {
    res.status(200).type('text/javascript; charset=utf-8').send(INITIALIZER);
  });
  app.use(DOCS_ASSETS_PATH, express.static(SWAGGER_UI_DIR, { index: false, redirect: false, maxAge: '1d' }));
}
