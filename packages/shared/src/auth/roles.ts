/** Role slugs as the session's `authUser.roles[].name` carries them. */
export const ROLES = ['super_admin', 'admin', 'manager', 'client', 'va'] as const;
export type Role = (typeof ROLES)[number];

/** The dashboard roles, in the order that picks the API area: admin > manager > client > va. */
export const DASHBOARD_ROLES = ['admin', 'manager', 'client', 'va'] as const;
export type DashboardRole = (typeof DASHBOARD_ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  super_admin: 'Super Admin',
  admin: 'Admin',
  manager: 'Manager',
  client: 'Client',
  va: 'VA',
};

/** The admin set of the spec: Super Admin and Admin. */
export const ADMIN_ROLES: readonly Role[] = ['super_admin', 'admin'];

export const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

type RoleHolder = { roles: ReadonlyArray<{ name: string }> | ReadonlyArray<string> };

export function roleNames(user: RoleHolder): Role[] {
  return (user.roles as ReadonlyArray<{ name: string } | string>)
    .map((r) => (typeof r === 'string' ? r : r.name))
    .filter(isRole);
}

export const hasRole = (user: RoleHolder, role: Role): boolean => roleNames(user).includes(role);

export const isAdmin = (user: RoleHolder): boolean => roleNames(user).some((r) => ADMIN_ROLES.includes(r));

export const isSuperAdmin = (user: RoleHolder): boolean => hasRole(user, 'super_admin');

/** Dashboard roles a user may act as (super admin acts as admin). Highest first. */
export function dashboardRoles(user: RoleHolder): DashboardRole[] {
  const names = roleNames(user);
  return DASHBOARD_ROLES.filter((r) => names.includes(r) || (r === 'admin' && names.includes('super_admin')));
}

/**
 * The active dashboard role: the remembered choice when the user holds it (a super admin never chooses),
 * otherwise the highest of admin > manager > client > va. `null` when the user holds none (-> /403).
 */
export function activeRole(user: RoleHolder, chosen?: string | null): DashboardRole | null {
  const available = dashboardRoles(user);
  if (chosen && !isSuperAdmin(user) && (available as string[]).includes(chosen))
    return chosen as DashboardRole;
  return available[0] ?? null;
}

/** API areas, `/api/v1/{area}-access/*`, and the roles allowed into each. */
export const AREAS = ['super-admin', 'admin', 'manager', 'client', 'va'] as const;
export type Area = (typeof AREAS)[number];

export const AREA_ROLES: Record<Area, readonly Role[]> = {
  'super-admin': ['super_admin'],
  admin: ['super_admin', 'admin'],
  manager: ['manager'],
  client: ['client'],
  va: ['va'],
};

export const canEnterArea = (user: RoleHolder, area: Area): boolean =>
  roleNames(user).some((r) => AREA_ROLES[area].includes(r));

export const DASHBOARD_PATHS: Record<DashboardRole, string> = {
  admin: '/admin-dashboard',
  manager: '/manager-dashboard',
  client: '/client-dashboard',
  va: '/va-dashboard',
};
