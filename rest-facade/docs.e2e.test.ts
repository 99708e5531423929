import { beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../test/harness.js';

let service: TestService;

beforeAll(async () => {
  service = await startTestService({ demoData: false });
});

describe('GET /openapi.json', () => {
  it('serves the OpenAPI 3.1.1 document of the facade', async () => {
    const response = await service.call('/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('x-request-id')).toBeTruthy();
    const document = (await response.json()) as {
      openapi: string;
      servers: { url: string }[];
      paths: Record<string, Record<string, unknown>>;
    };
    expect(document.openapi).toBe('3.1.1');
    expect(document.servers[0]!.url).toBe(service.env.publicUrl);
    expect(document.paths['/api/v1/public/stores']).toHaveProperty('get');
    expect(document.paths['/api/v1/public/stores/{storeId}']).toHaveProperty('get');
  });
});

describe('GET /docs', () => {
  let html: string;
  let assets: string[];

  beforeAll(async () => {
    const response = await service.call('/docs');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    html = await response.text();
    assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)]
      .map((match) => match[1]!)
      .filter((url) => url !== '/openapi.json');
  });

  it('references Swagger UI from this service, not a CDN', () => {
    expect(assets).toEqual(
      expect.arrayContaining(['/docs/assets/swagger-ui-bundle.js', '/docs/assets/swagger-ui.css']),
    );
    for (const url of assets) expect(url).toMatch(/^\/docs\/assets\//);
  });

  it('serves every asset the page references', async () => {
    for (const url of assets) {
      const response = await service.call(url);
      expect(response.status, url).toBe(200);
      expect((await response.arrayBuffer()).byteLength, url).toBeGreaterThan(0);
    }
  });

  it('points Swagger UI at /openapi.json', async () => {
    const response = await service.call('/docs/assets/swagger-initializer.js');
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    const script = await response.text();
    expect(script).toContain("url: '/openapi.json'");
    expect(script).not.toContain('petstore');
  });
});
