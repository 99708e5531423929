import { describe, expect, it } from 'vitest';
import { webhookUrlProblem } from './webhook-sender.js';

describe('webhookUrlProblem', () => {
  it('in production: https only, no private or loopback literal, no localhost, no user info', () => {
    expect(webhookUrlProblem('https://hooks.example.test/in', false)).toBeNull();
    expect(webhookUrlProblem('http://hooks.example.test/in', false)).toBe('must use https');
    for (const url of ['https://127.0.0.1/in', 'https://10.1.2.3/in', 'https://[::1]/in', 'https://localhost/in'])
      expect(webhookUrlProblem(url, false), url).toMatch(/^must not point to a private/);
    expect(webhookUrlProblem('https://u:p@hooks.example.test/in', false)).toMatch(/user info/);
    expect(webhookUrlProblem(`https://example.test/${'x'.repeat(2048)}`, false)).toMatch(/2048/);
  });

  it('outside production: http to a local receiver is fine', () => {
    expect(webhookUrlProblem('http://127.0.0.1:8080/in', true)).toBeNull();
    expect(webhookUrlProblem('ftp://127.0.0.1/in', true)).toBe('must use https');
  });
});
