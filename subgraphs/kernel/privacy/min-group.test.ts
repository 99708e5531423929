import { describe, expect, it } from 'vitest';
import type { Principal } from '../auth/principal.js';
import { MIN_GROUP_SIZE, mayShowGroup, shownOrSuppressed } from './min-group.js';

const business = (...scopes: string[]): Principal => ({
  kind: 'business',
  businessAccountId: 'b',
  userId: 'u',
  clientId: 'c',
  grantId: 'g',
  scopes: new Set(scopes),
  expiresAt: new Date(0),
});

describe('minimum group size', () => {
  it('hides a group of 1 to 4 people from a business without crm.profiles.read', () => {
    for (let people = 1; people < MIN_GROUP_SIZE; people++)
      expect(mayShowGroup(business('analytics.read'), people)).toBe(false);
    expect(shownOrSuppressed(business('sales.read'), 2, 1200)).toBeNull();
  });

  it('shows no one (0) and groups of at least 5 to anyone with the operation', () => {
    expect(MIN_GROUP_SIZE).toBe(5);
    expect(mayShowGroup(business('analytics.read'), 0)).toBe(true);
    expect(shownOrSuppressed(business('analytics.read'), 5, 1200)).toBe(1200);
  });

  it('shows small groups to crm.profiles.read and the operator', () => {
    expect(mayShowGroup(business('analytics.read', 'crm.profiles.read'), 1)).toBe(true);
    expect(mayShowGroup({ kind: 'operator' }, 1)).toBe(true);
  });
});
