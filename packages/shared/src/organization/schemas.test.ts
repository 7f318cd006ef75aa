import { describe, expect, it } from 'vitest';
import { isPaidOrganization, isSubscriptionActive, isUserLimitReached } from './schemas';

describe('subscription rules', () => {
  it('is active with status 1, or for organization 1 whatever its status', () => {
    expect(isSubscriptionActive({ id: 7, status: 1 })).toBe(true);
    expect(isSubscriptionActive({ id: 7, status: 0 })).toBe(false);
    expect(isSubscriptionActive({ id: 1, status: 0 })).toBe(true);
  });

  it('reaches the user limit at user_count >= max_users, never for organization 1', () => {
    expect(isUserLimitReached({ id: 2, user_count: 5, max_users: 5 })).toBe(true);
    expect(isUserLimitReached({ id: 2, user_count: 4, max_users: 5 })).toBe(false);
    expect(isUserLimitReached({ id: 1, user_count: 5000, max_users: 5 })).toBe(false);
    expect(isUserLimitReached({ id: 2, user_count: 5000, max_users: null })).toBe(false);
  });

  it('counts as paid when the organization is present and not 1', () => {
    expect(isPaidOrganization(2)).toBe(true);
    expect(isPaidOrganization(1)).toBe(false);
    expect(isPaidOrganization(null)).toBe(false);
  });
});
