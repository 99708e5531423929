/**
 * Issue 6, item 5: a sign-in, sign-up, consent or sign-out form body that cannot be read (over
 * 16 KB, a charset other than UTF-8, any Content-Encoding) is answered 413, 415 or 400 as a page
 * in the page's language with the pages' security headers, never a 500.
 */
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../test/harness.js';

const FORM = 'application/x-www-form-urlencoded';
const PATHS = ['/oauth/sign-in', '/oauth/sign-up', '/oauth/consent', '/oauth/sign-out'];

let service: TestService;
beforeAll(async () => {
  service = await startTestService({ demoData: false });
});

async function post(path: string, body: string | Uint8Array, headers: Record<string, string>): Promise<Response> {
  return service.call(path, { method: 'POST', headers: { accept: 'text/html', ...headers }, body });
}

/** An error page: HTML in `lang`, the status asked, the pages' security headers, nothing of a stack. */
async function expectPage(response: Response, status: number, lang: 'ja' | 'en', code: string): Promise<void> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  expect(response.headers.get('content-language')).toBe(lang);
  expect(response.headers.get('content-security-policy')).toMatch(/default-src 'none'.*frame-ancestors 'none'/);
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('cache-control')).toBe('no-store');
  const html = await response.text();
  expect(html).toContain(`<html lang="${lang}">`);
  expect(html).toContain(`<code>${code}</code>`);
  expect(html).not.toMatch(/\bat .+\(|node_modules|\/work\//);
}

describe.each(PATHS)('POST %s with a body that cannot be read', (path) => {
  it('answers a body over 16 KB with 413, in Japanese by default', async () => {
    const body = `email=${'a'.repeat(17 * 1024)}`;
    await expectPage(await post(path, body, { 'content-type': FORM }), 413, 'ja', 'body_too_large');
  });

  it('answers charset=foo and charset=utf-16 with 415, in English when asked', async () => {
    for (const charset of ['foo', 'utf-16']) {
      const response = await post(path, 'email=a', {
        'content-type': `${FORM}; charset=${charset}`,
        'accept-language': 'en-US,en;q=0.9',
      });
      await expectPage(response, 415, 'en', 'unsupported_media_type');
    }
  });

  it('answers any Content-Encoding with 415', async () => {
    const gzip = await post(path, gzipSync('email=a'), { 'content-type': FORM, 'content-encoding': 'gzip' });
    await expectPage(gzip, 415, 'ja', 'unsupported_media_type');
    const unknown = await post(path, 'email=a', { 'content-type': FORM, 'content-encoding': 'x-unknown' });
    await expectPage(unknown, 415, 'ja', 'unsupported_media_type');
  });
});

describe('form body failures for a client that asks for JSON', () => {
  it('answers a problem with the same status', async () => {
    const response = await post('/oauth/sign-in', `email=${'a'.repeat(17 * 1024)}`, {
      'content-type': FORM,
      accept: 'application/json',
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ status: 413, code: 'body_too_large' });
  });
});
