import { describe, expect, it } from 'vitest';
import { redactTokens } from './redact.js';

const TOKEN = 'tq_9f2c4e6a8b0d1f3e5a7c9b1d3f5e7a9c';

describe('redactTokens', () => {
  it('redacts the token segment of every path that carries a claim or transaction-QR token', () => {
    expect(redactTokens(`/api/v1/rx/${TOKEN}`)).toBe('/api/v1/rx/[redacted]');
    expect(redactTokens(`/api/v1/rx/${TOKEN}/claim`)).toBe('/api/v1/rx/[redacted]/claim');
    expect(redactTokens(`/api/v1/claim-tokens/${TOKEN}/qr.png`)).toBe('/api/v1/claim-tokens/[redacted]/qr.png');
    expect(redactTokens(`/api/v1/claim-tokens/${TOKEN}/qr.pdf?lang=ja`)).toBe(
      '/api/v1/claim-tokens/[redacted]/qr.pdf?lang=ja',
    );
    expect(redactTokens(`/receipts/rx/${TOKEN}`)).toBe('/receipts/rx/[redacted]');
    expect(redactTokens(`GET /receipts/rx/${TOKEN}/claim: failed`)).toBe('GET /receipts/rx/[redacted]/claim: failed');
  });

  it('redacts a token in a query parameter', () => {
    expect(redactTokens(`/receipts/page?claimToken=${TOKEN}&lang=en`)).toBe(
      '/receipts/page?claimToken=[redacted]&lang=en',
    );
    expect(redactTokens(`/x?lang=en&token=${TOKEN}`)).toBe('/x?lang=en&token=[redacted]');
  });

  it('leaves every other path alone, route patterns included', () => {
    for (const path of ['/api/v1/public/stores/abc', '/api/v1/rx/:claimToken', '/api/v1/terminals/T1/qr.png', '/']) {
      expect(redactTokens(path)).toBe(path);
    }
  });
});
