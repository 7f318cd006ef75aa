import { isRole } from '@vahub/shared/auth/roles';
import type { Me } from '@vahub/shared/auth/schemas';
import { iso } from '../../lib/clock';
import type { UserRow } from './users.table';

export const toMe = (u: UserRow): Me => ({
  id: u.id,
  email: u.email,
  first_name: u.firstName,
  last_name: u.lastName,
  timezone: u.timezone,
  avatar_url: u.avatarUrl,
  phone: u.phone,
  position: u.position,
  locale: u.locale,
  receive_promotions: u.receivePromotions,
  roles: u.roles.filter(isRole).map((name) => ({ name })),
  organization_id: u.organizationId,
  email_verified_at: iso(u.emailVerifiedAt),
  status: u.status,
  last_login_at: iso(u.lastLoginAt),
});
