/** Where the operator CLI looks for the service: `--url`, else PUBLIC_URL, else PORT, else port 4000. */
import { describe, expect, it } from 'vitest';
import { EnvError, publicUrlSetting } from '../../subgraphs/kernel/env.js';
import { ServiceUnreachable, serviceUrl, serviceUrlHelp, unreachableReason } from './service-url.js';

describe('ops service URL', () => {
  it.each([
    [{}, 'http://localhost:4000', 'default'],
    [{ PORT: '4100' }, 'http://localhost:4100', 'PORT'],
    [{ PORT: '' }, 'http://localhost:4000', 'default'],
    [{ PORT: '4100', PUBLIC_URL: 'https://rmp.example/' }, 'https://rmp.example', 'PUBLIC_URL'],
  ])('%j resolves to %s (%s)', (source, url, from) => {
    expect(publicUrlSetting(source)).toEqual({ url, from });
    expect(serviceUrl(undefined, publicUrlSetting(source))).toEqual({ url, from });
  });

  it('--url wins over PUBLIC_URL and PORT', () => {
    const setting = publicUrlSetting({ PORT: '4100', PUBLIC_URL: 'https://rmp.example' });
    expect(serviceUrl('http://127.0.0.1:5000/', setting)).toEqual({ url: 'http://127.0.0.1:5000', from: '--url' });
  });

  it('rejects an invalid PORT as configuration', () => {
    expect(() => publicUrlSetting({ PORT: 'x' })).toThrow(EnvError);
  });

  it('names the URL and its source in the help line', () => {
    expect(serviceUrlHelp({ url: 'http://localhost:4100', from: 'PORT' })).toMatch(
      /^Service URL: http:\/\/localhost:4100 \(from PORT\)/,
    );
  });

  it('says in one line which URL it tried and how to point elsewhere', () => {
    const refused = new TypeError('fetch failed', { cause: Object.assign(new Error(''), { code: 'ECONNREFUSED' }) });
    const message = new ServiceUnreachable('http://localhost:4100', unreachableReason(refused)).message;
    expect(message).not.toContain('\n');
    expect(message).toContain('http://localhost:4100 (ECONNREFUSED)');
    for (const hint of ['--url', 'PORT', 'PUBLIC_URL']) expect(message).toContain(hint);
  });
});
