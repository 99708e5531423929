import { describe, expect, it } from 'vitest';
import { DEMO_APPS } from '../demo/demo-data.js';
import { demoAppSummary, demoCredentials } from './demo-banner.js';

describe('the demo apps in the start-up banner', () => {
  it("names a first-party app's business scopes as business scopes, and one scope in the singular", () => {
    expect(demoAppSummary({ name: 'Dashboard', scopes: ['analytics.read'], firstParty: true })).toBe(
      'Dashboard: 1 business scope, first-party, no consent asked',
    );
    expect(demoAppSummary({ name: 'App', scopes: ['user.profile.read', 'user.receipts.read'], firstParty: true })).toBe(
      'App: 2 user scopes, first-party, no consent asked',
    );
    expect(demoAppSummary({ name: 'Partner', scopes: ['store.info.read', 'sales.read'], firstParty: false })).toBe(
      'Partner: 2 business scopes, consent asked',
    );
  });

  it('never says "user scopes" of an app holding a business scope', () => {
    const lines = demoCredentials('http://localhost:4000');
    for (const app of DEMO_APPS.filter((a) => a.scopes.some((s) => !s.startsWith('user.'))))
      expect(lines.find((line) => line.includes(`${app.name}:`))).not.toMatch(/user scope/);
    expect(lines.join('\n')).not.toMatch(/\b1 \w+ scopes\b/);
  });
});
