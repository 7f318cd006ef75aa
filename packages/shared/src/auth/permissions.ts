import { type Role, roleNames } from './roles';

/**
 * One permission map for the whole product. Every endpoint contract names the permission it needs, the
 * server's route guard enforces it (before the body is read), and the web uses `can` to show only what a
 * user may do. Scope (which rows) is the viewer's business, not this map's.
 */
export const PERMISSIONS = {
  // Installation (super admin)
  'outbox.read': ['super_admin'],
  'organizations.manage': ['super_admin'],
  'users.read_all_organizations': ['super_admin'],
  // The own organization
  'organization.read': ['super_admin', 'admin', 'manager', 'client', 'va'],
  'organization.update': ['super_admin', 'admin'],
  'subscription.choose': ['super_admin', 'admin'],
  'audit.read': ['super_admin', 'admin'],
  // People
  'users.manage': ['super_admin', 'admin'],
  'users.read_scoped': ['manager'],
  'clients.read': ['super_admin', 'admin', 'manager'],
  'clients.create': ['super_admin', 'admin', 'manager'],
  'teams.read': ['super_admin', 'admin', 'manager', 'client', 'va'],
  'teams.manage': ['super_admin', 'admin'],
  'profile.update_own': ['super_admin', 'admin', 'manager', 'client', 'va'],
  // Contracts and schedules
  'contracts.manage': ['super_admin', 'admin'],
  'contracts.read_own': ['client', 'va'],
  'schedules.read': ['super_admin', 'admin', 'manager', 'client'],
  'schedules.edit': ['super_admin', 'admin', 'client'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export const isPermission = (value: string): value is Permission => Object.hasOwn(PERMISSIONS, value);

export function can(
  user: { roles: ReadonlyArray<{ name: string }> | ReadonlyArray<string> },
  permission: Permission,
) {
  const allowed: readonly Role[] = PERMISSIONS[permission];
  return roleNames(user).some((r) => allowed.includes(r));
}
