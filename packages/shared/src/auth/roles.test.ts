import { describe, expect, it } from 'vitest';
import { can } from './permissions';
import { activeRole, canEnterArea, dashboardRoles, isAdmin } from './roles';

const u = (...names: string[]) => ({ roles: names.map((name) => ({ name })) });

describe('roles', () => {
  it('picks admin > manager > client > va', () => {
    expect(activeRole(u('va', 'client'))).toBe('client');
    expect(activeRole(u('va', 'manager', 'admin'))).toBe('admin');
    expect(activeRole(u('va'))).toBe('va');
  });

  it('honours a remembered choice the user holds, never for a super admin', () => {
    expect(activeRole(u('manager', 'va'), 'va')).toBe('va');
    expect(activeRole(u('manager', 'va'), 'admin')).toBe('manager');
    expect(activeRole(u('super_admin', 'va'), 'va')).toBe('admin');
  });

  it('answers null for a user with no dashboard role (-> /403)', () => {
    expect(activeRole(u())).toBeNull();
    expect(activeRole(u('guest'))).toBeNull();
  });

  it('a super admin acts as admin', () => {
    expect(dashboardRoles(u('super_admin'))).toEqual(['admin']);
    expect(isAdmin(u('super_admin'))).toBe(true);
    expect(canEnterArea(u('super_admin'), 'admin')).toBe(true);
    expect(canEnterArea(u('admin'), 'super-admin')).toBe(false);
    expect(canEnterArea(u('manager'), 'client')).toBe(false);
  });

  it('permissions follow the one map', () => {
    expect(can(u('admin'), 'users.manage')).toBe(true);
    expect(can(u('manager'), 'users.manage')).toBe(false);
    expect(can(u('super_admin'), 'outbox.read')).toBe(true);
    expect(can(u('admin'), 'outbox.read')).toBe(false);
  });
});
