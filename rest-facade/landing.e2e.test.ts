/**
 * `GET /` is a small HTML page whose every link answers: the docs, the OpenAPI document, the GraphQL
 * IDE, a sample request, the demo sign-in, discovery and health. Nothing on it comes from elsewhere.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../test/harness.js';
import { landingPage, TRY_PATH } from './landing.js';

let service: TestService;
beforeAll(async () => {
  service = await startTestService({ demoData: true });
});

const hrefs = (html: string): string[] =>
  [...html.matchAll(/href="([^"]*)"/g)].map((m) => (m[1] ?? '').replaceAll('&amp;', '&'));

describe('the landing page', () => {
  it('is HTML under a strict CSP, with nothing from another host', async () => {
    const response = await service.call('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await response.text();
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).not.toContain('<script');
  });

  it('links the docs, the GraphQL IDE, a sample request, the demo sign-in, discovery and health', async () => {
    const links = hrefs(await (await service.call('/')).text());
    expect(links).toEqual(
      expect.arrayContaining([
        '/docs',
        '/openapi.json',
        '/graphql',
        TRY_PATH,
        '/.well-known/oauth-authorization-server',
        '/healthz',
        '/dashboard/events',
      ]),
    );
    expect(links.some((l) => l.startsWith('/oauth/authorize?') && l.includes('client_id=rmp_demo_consumer_app'))).toBe(
      true,
    );
  });

  it('links only paths that answer (the sign-in link leads to the sign-in form)', async () => {
    for (const link of hrefs(await (await service.call('/')).text())) {
      const response = await service.call(link, { headers: { accept: 'text/html' }, redirect: 'manual' });
      if (link.startsWith('/oauth/authorize?')) {
        expect(response.status, link).toBe(302);
        const signIn = await service.call(response.headers.get('location') ?? '', { headers: { accept: 'text/html' } });
        expect(signIn.status).toBe(200);
        expect(await signIn.text()).toContain('name="csrf_token"');
      } else if (link === '/dashboard/events') {
        // Not signed in: on to the authorization endpoint as the demo dashboard app.
        expect(response.status, link).toBe(303);
        expect(response.headers.get('location')).toContain('/oauth/authorize?');
      } else expect(response.status, link).toBe(200);
    }
  });

  it('leaves out what the process does not serve', () => {
    const html = landingPage({});
    expect(hrefs(html)).not.toContain('/graphql');
    expect(hrefs(html).some((l) => l.startsWith('/oauth/authorize'))).toBe(false);
    expect(hrefs(html)).not.toContain('/dashboard/events');
    expect(html).toContain('gateway process');
  });
});
