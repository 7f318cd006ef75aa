import { describe, expect, it } from 'vitest';
import { isForeignKeyViolation, isUniqueViolation, resolveRoles } from './user-rules';

const admin = { isSuperAdmin: false };

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
    expect(resolveRoles({ isSuperAdmin: true }, { role: 'super_admin' })).toEqual(['super_admin']);
  });
});

describe('database refusals', () => {
  it('read the SQLSTATE on the error or its cause', () => {
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    expect(isUniqueViolation({ cause: { code: '23505' } })).toBe(true);
    expect(isUniqueViolation(new Error('x'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
    expect(isForeignKeyViolation({ cause: { code: '23503' } })).toBe(true);
    expect(isForeignKeyViolation({ code: '23001' })).toBe(true);
    expect(isForeignKeyViolation({ code: '23505' })).toBe(false);
  });
});
