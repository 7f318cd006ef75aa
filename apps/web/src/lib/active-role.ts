import { activeRole, type DashboardRole, isSuperAdmin, type Role } from '@vahub/shared/auth/roles';

const key = (userId: number): string => `active-role:${userId}`;

export const getChosenRole = (userId: number): string | null => localStorage.getItem(key(userId));

/** Remember the choice, then reload at the root so every query starts again as that role. */
export function chooseRole(
  userId: number,
  role: DashboardRole,
  reload: () => void = () => window.location.assign('/'),
): void {
  localStorage.setItem(key(userId), role);
  reload();
}

export const currentRole = (user: { id: number; roles: { name: string }[] }): DashboardRole | null =>
  activeRole(user, getChosenRole(user.id));

/** The role a person acts as on a dashboard: a super admin on the admin dashboard is a super admin, not an admin. */
export const actingRole = (user: { roles: { name: string }[] }, dashboard: DashboardRole): Role =>
  dashboard === 'admin' && isSuperAdmin(user) ? 'super_admin' : dashboard;
