import { isRole } from '@vahub/shared/auth/roles';
import type { Me } from '@vahub/shared/auth/schemas';
import { iso } from '../../lib/clock';
import type { UserRow } from './users.table';

/** Avatars are not secret: they are served by key from a public route (`GET /api/v1/files/avatars/…`). */
export const avatarUrl = (key: string | null): string | null => (key ? `/api/v1/files/${key}` : null);

export const toMe = (u: UserRow): Me => ({
  id: u.id,
  email: u.email,
  first_name: u.firstName,
  last_name: u.lastName,
  timezone: u.timezone,
  avatar_url: avatarUrl(u.avatarKey),
  phone: u.phone,
  position: u.position,
  locale: u.locale,
  time_format: u.timeFormat,
  receive_promotions: u.receivePromotions,
  roles: u.roles.filter(isRole).map((name) => ({ name })),
  organization_id: u.organizationId,
  email_verified_at: iso(u.emailVerifiedAt),
  status: u.status,
  last_login_at: iso(u.lastLoginAt),
  directory_linked: u.ldapDn !== null,
});
