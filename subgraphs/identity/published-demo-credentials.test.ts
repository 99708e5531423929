import { describe, expect, it } from 'vitest';
import { DEMO_APPS, DEMO_USERS } from '../../processes/demo/demo-data.js';
import {
  isRefusedDemoClientSecret,
  isRefusedDemoPassword,
  PUBLISHED_DEMO_CLIENT_SECRETS,
  PUBLISHED_DEMO_PASSWORDS,
} from './published-demo-credentials.js';

describe('published demo credentials', () => {
  it('lists every credential the demo data publishes', () => {
    expect([...PUBLISHED_DEMO_PASSWORDS].sort()).toEqual(DEMO_USERS.map((u) => u.password).sort());
    expect([...PUBLISHED_DEMO_CLIENT_SECRETS].sort()).toEqual(DEMO_APPS.map((a) => a.clientSecret).sort());
  });

  it('refuses them in production only', () => {
    const [user] = DEMO_USERS;
    const [app] = DEMO_APPS;
    expect(isRefusedDemoPassword({ nodeEnv: 'production' }, user.password)).toBe(true);
    expect(isRefusedDemoPassword({ nodeEnv: 'development' }, user.password)).toBe(false);
    expect(isRefusedDemoPassword({ nodeEnv: 'production' }, 'a password of my own choosing')).toBe(false);
    expect(isRefusedDemoClientSecret({ nodeEnv: 'production' }, app?.clientSecret)).toBe(true);
    expect(isRefusedDemoClientSecret({ nodeEnv: 'test' }, app?.clientSecret)).toBe(false);
    expect(isRefusedDemoClientSecret({ nodeEnv: 'production' }, undefined)).toBe(false);
  });
});
