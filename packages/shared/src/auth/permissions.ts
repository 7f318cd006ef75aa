import { type Role, roleNames } from './roles';

/**
 * One permission map for the whole product: the server enforces it, the web only uses it to hide
 * what a user cannot do. Later modules add their permissions here.
 */
export const PERMISSIONS = {
  'organizations.read_all': ['super_admin'],
  'users.read_all_organizations': ['super_admin'],
  'outbox.read': ['super_admin'],
  'organization.read': ['super_admin', 'admin', 'manager', 'client', 'va'],
  'organization.update': ['super_admin', 'admin'],
  'subscription.choose': ['super_admin', 'admin'],
  'users.manage': ['super_admin', 'admin'],
  'users.read_scoped': ['super_admin', 'admin', 'manager'],
  'teams.manage': ['super_admin', 'admin'],
  'teams.read': ['super_admin', 'admin', 'manager', 'client', 'va'],
  'audit.read': ['super_admin', 'admin'],
  'profile.update_own': ['super_admin', 'admin', 'manager', 'client', 'va'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(
  user: { roles: ReadonlyArray<{ name: string }> | ReadonlyArray<string> },
  permission: Permission,
) {
  const allowed: readonly Role[] = PERMISSIONS[permission];
  return roleNames(user).some((r) => allowed.includes(r));
}
