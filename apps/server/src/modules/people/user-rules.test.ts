import { describe, expect, it } from 'vitest';
import type { AuthContext } from '../../plugins/authenticate';
import { isUniqueViolation, resolveRoles } from './user-rules';

const admin = { roles: ['admin'] } as AuthContext;

describe('resolveRoles', () => {
  it('joins the selected role and the extra roles once', () => {
    expect(resolveRoles(admin, { role: 'manager', roles: ['va', 'manager'] })).toEqual(['manager', 'va']);
  });
  it('keeps the current roles when none are sent, and checks the flags against the highest', () => {
    expect(resolveRoles(admin, {}, ['client', 'va'])).toEqual(['client', 'va']);
    expect(() => resolveRoles(admin, { is_admin: true }, ['client'])).toThrow(/Admin flag/);
    expect(resolveRoles(admin, { is_client: true }, ['client'])).toEqual(['client']);
  });
  it('refuses an empty set and a super admin granted by an admin', () => {
    expect(() => resolveRoles(admin, { roles: [] })).toThrow(/at least one role/);
    expect(() => resolveRoles(admin, { role: 'super_admin' })).toThrow(/super admin/);
    expect(resolveRoles({ roles: ['super_admin'] } as AuthContext, { role: 'super_admin' })).toEqual([
      'super_admin',
    ]);
  });
});

describe('isUniqueViolation', () => {
  it('reads the code on the error or its cause', () => {
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    expect(isUniqueViolation({ cause: { code: '23505' } })).toBe(true);
    expect(isUniqueViolation(new Error('x'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});
