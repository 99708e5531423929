import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.js';

describe('dashboard settings', () => {
  it('read the events page client as a pair and the gateway public URL; none by default', () => {
    expect(loadEnv({}).dashboard).toEqual({ client: undefined, gatewayPublicUrl: undefined });
    const env = loadEnv({
      DASHBOARD_CLIENT_ID: 'rmp_d',
      DASHBOARD_CLIENT_SECRET: 'rmps_d',
      GATEWAY_PUBLIC_URL: 'https://gw.example.test/',
    });
    expect(env.dashboard).toEqual({
      client: { clientId: 'rmp_d', clientSecret: 'rmps_d' },
      gatewayPublicUrl: 'https://gw.example.test',
    });
  });

  it.each([
    [{ DASHBOARD_CLIENT_ID: 'rmp_d' }, /DASHBOARD_CLIENT_ID and DASHBOARD_CLIENT_SECRET are set together/],
    [{ DASHBOARD_CLIENT_SECRET: 'rmps_d' }, /DASHBOARD_CLIENT_ID and DASHBOARD_CLIENT_SECRET are set together/],
    [{ GATEWAY_PUBLIC_URL: 'gateway' }, /GATEWAY_PUBLIC_URL must be an absolute URL/],
    [{ GATEWAY_PUBLIC_URL: 'ftp://gw.example.test' }, /GATEWAY_PUBLIC_URL must be an http/],
  ])('rejects %o with a clear message', (source, message) => {
    expect(() => loadEnv(source)).toThrow(message);
  });
});
