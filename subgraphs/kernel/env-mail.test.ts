import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.js';

const PRODUCTION = { NODE_ENV: 'production', SECRETS_KEY: 'c210cC1tYWlsLXRlc3Qtc2VjcmV0cy1rZXktMDEyMzQ' };

describe('mail configuration', () => {
  it('defaults: verification on, no SMTP (the local outbox), a sender', () => {
    expect(loadEnv({})).toMatchObject({ emailVerification: true, smtpUrl: undefined, mailFrom: expect.any(String) });
  });

  it('refuses production without SMTP_URL while verification is on', () => {
    expect(() => loadEnv(PRODUCTION)).toThrow(/SMTP_URL must be set in production/);
    expect(loadEnv({ ...PRODUCTION, EMAIL_VERIFICATION: 'false' }).emailVerification).toBe(false);
    expect(loadEnv({ ...PRODUCTION, SMTP_URL: 'smtps://u:p@smtp.example.com:465' }).smtpUrl).toBe(
      'smtps://u:p@smtp.example.com:465',
    );
  });

  it.each([[{ SMTP_URL: 'http://mail.example' }], [{ EMAIL_VERIFICATION: 'perhaps' }]])('rejects %o', (source) => {
    expect(() => loadEnv(source)).toThrow(/SMTP_URL|EMAIL_VERIFICATION/);
  });
});
