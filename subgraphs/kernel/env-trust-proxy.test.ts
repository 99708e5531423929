import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureLogLines } from '../../test/fixtures/log-capture.js';
import { logReady } from '../../processes/lifecycle.js';
import { EnvError, loadEnv } from './env.js';
import { trustProxyNotice } from './env-trust-proxy.js';

describe('TRUST_PROXY', () => {
  it('defaults to loopback', () => {
    expect(loadEnv({}).trustProxy).toBe('loopback');
  });

  it.each([
    ['loopback, uniquelocal', 'loopback, uniquelocal'],
    ['10.0.0.0/8,LinkLocal', '10.0.0.0/8, linklocal'],
    ['192.0.2.10', '192.0.2.10'],
    ['fd00::/8, 10.1.0.0/255.255.0.0', 'fd00::/8, 10.1.0.0/255.255.0.0'],
  ])('accepts named proxies: %s', (raw, setting) => {
    expect(loadEnv({ TRUST_PROXY: raw }).trustProxy).toBe(setting);
  });

  it('none (or false) trusts no proxy', () => {
    expect(loadEnv({ TRUST_PROXY: 'none' }).trustProxy).toBe(false);
    expect(loadEnv({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  it.each([
    'true',
    'TRUE',
    '*',
    'all',
    '1',
    '2',
    '0.0.0.0/0',
    '::/0',
    '0.0.0.0/0.0.0.0',
    'loopback, 0.0.0.0/0',
    '10.0.0.0/8, ::/0',
  ])('refuses %s, which trusts every address, in one line naming the variable', (raw) => {
    let error: unknown;
    try {
      loadEnv({ TRUST_PROXY: raw });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as Error).message;
    expect(message).toMatch(/^TRUST_PROXY: .*every address/);
    expect(message).not.toContain('\n');
  });

  it.each(['proxy.example', '10.0.0.0/33', '10.0.0.0/255.0.255.0', '10.0.0.0/8/1', 'loopback,'])(
    'refuses %s, which names no address range',
    (raw) => {
      expect(() => loadEnv({ TRUST_PROXY: raw })).toThrow(/^TRUST_PROXY: /);
    },
  );
});

describe('the start-up line about client addresses', () => {
  afterEach(() => vi.restoreAllMocks());

  it('names the trusted proxies and says their X-Forwarded-For decides the client address', () => {
    const notice = trustProxyNotice('loopback, 10.0.0.0/8');
    expect(notice).toContain('TRUST_PROXY=loopback, 10.0.0.0/8');
    expect(notice).toContain('loopback (127.0.0.0/8, ::1), 10.0.0.0/8');
    expect(notice).toMatch(/X-Forwarded-For sent by .* decides the client address/);
    expect(trustProxyNotice(false)).toMatch(/X-Forwarded-For is ignored/);
  });

  it('is part of the ready line', () => {
    const lines = captureLogLines();
    logReady('facade', 'http://127.0.0.1:4000', { trustProxy: 'loopback' });
    const ready = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(ready).toHaveLength(1);
    expect(ready[0]).toMatchObject({ level: 'info', message: 'facade ready', url: 'http://127.0.0.1:4000' });
    expect(ready[0]!.clientAddress).toMatch(/^TRUST_PROXY=loopback: X-Forwarded-For sent by loopback/);
  });
});
