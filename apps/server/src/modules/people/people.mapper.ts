import { isRole } from '@vahub/shared/auth/roles';
import type { ClientRow } from '@vahub/shared/users/clients';
import type { Ref, UserRow as UserRowDto } from '@vahub/shared/users/schemas';
import { iso } from '../../lib/clock';
import { avatarUrl } from './users.mapper';
import type { UserRow } from './users.table';

export const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

export const roleObjects = (roles: string[]) => roles.filter(isRole).map((name) => ({ name }));

export type Related = { teams: Map<number, Ref[]>; managers: Map<number, Ref[]> };

export const toUserRow = (u: UserRow, related: Related): UserRowDto => ({
  id: u.id,
  organization_id: u.organizationId,
  email: u.email,
  first_name: u.firstName,
  last_name: u.lastName,
  name: fullName(u),
  roles: roleObjects(u.roles),
  status: u.status,
  timezone: u.timezone,
  avatar_url: avatarUrl(u.avatarKey),
  phone: u.phone,
  position: u.position,
  company_name: u.companyName,
  contact_person: u.contactPerson,
  email_verified_at: iso(u.emailVerifiedAt),
  last_login_at: iso(u.lastLoginAt),
  created_at: iso(u.createdAt) ?? '',
  teams: related.teams.get(u.id) ?? [],
  managers: related.managers.get(u.id) ?? [],
});

export const toClientRow = (u: UserRow, managers: Map<number, Ref[]>): ClientRow => ({
  id: u.id,
  email: u.email,
  first_name: u.firstName,
  last_name: u.lastName,
  name: fullName(u),
  company_name: u.companyName,
  contact_person: u.contactPerson,
  timezone: u.timezone,
  phone: u.phone,
  status: u.status,
  created_at: iso(u.createdAt) ?? '',
  managers: managers.get(u.id) ?? [],
});

/** What the audit log keeps of a user: the editable fields, never the password hash. */
export const userSnapshot = (u: UserRow, extra: { team_ids?: number[]; manager_ids?: number[] } = {}) => ({
  email: u.email,
  first_name: u.firstName,
  last_name: u.lastName,
  roles: u.roles,
  status: u.status,
  timezone: u.timezone,
  phone: u.phone,
  position: u.position,
  company_name: u.companyName,
  contact_person: u.contactPerson,
  ...extra,
});
