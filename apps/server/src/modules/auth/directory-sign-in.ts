import { AUTH_MESSAGES } from '@vahub/shared/auth/messages';
import { DIRECTORY_MESSAGES } from '@vahub/shared/directory/messages';
import { AppError } from '../../lib/errors';
import type { Deps } from '../../lib/types';
import { audit } from '../../platform/audit-trail';
import { rolesOfGroups } from '../../platform/directory/roles';
import { type Account, createAccount, findAccountByDn, fullName, takeSeat } from '../people/public';

/** The role a new user of the directory gets: the highest its groups map to. */
const RANK = ['admin', 'manager', 'client', 'va'] as const;

/**
 * Sign-in of a linked user (`ldap_dn` set): a bind as their entry with the password typed. The local password
 * is never read for them. The directory off or down is a 503 `directory_unavailable`, never "wrong password";
 * a disabled entry is an inactive account.
 */
export async function directoryPasswordOk(deps: Deps, user: Account & { ldapDn: string }, password: string) {
  const directory = deps.directory;
  if (!directory) throw new AppError('directory_unavailable', DIRECTORY_MESSAGES.no_sign_in);
  if (!(await directory.verifyPassword(user.ldapDn, password))) return false;
  const entry = await directory.entry(user.ldapDn);
  if (!entry || entry.disabled) throw new AppError('invalid_grant', AUTH_MESSAGES.account_inactive);
  return true;
}

/**
 * LDAP_AUTO_CREATE: an email nobody has here, found once in the directory, whose bind succeeds and whose groups
 * map to a role, becomes an active user of LDAP_ORGANIZATION_ID, linked to its entry. Anything else answers
 * null (the caller refuses it like a wrong password).
 */
export async function autoCreateFromDirectory(
  deps: Deps,
  email: string,
  password: string,
): Promise<Account | null> {
  const { config, directory } = deps;
  const organizationId = config.LDAP_ORGANIZATION_ID;
  const mapping = config.LDAP_GROUP_ROLES ?? [];
  if (!directory || !config.LDAP_AUTO_CREATE || !organizationId || !mapping.length) return null;
  const found = (await directory.searchByEmail(email)).filter(
    (e) => e.email?.toLowerCase() === email && !e.disabled,
  );
  if (found.length !== 1) return null;
  const [entry] = found;
  const granted = rolesOfGroups(entry.groups, mapping);
  const role = RANK.find((r) => granted.includes(r));
  if (!role) return null;
  if (await findAccountByDn(deps.db, entry.dn)) return null;
  if (!(await directory.verifyPassword(entry.dn, password))) return null;
  const now = deps.clock.now();
  return deps.transaction(async ({ tx }) => {
    const timezone = await takeSeat(tx, organizationId, true);
    const created = await createAccount(tx, {
      organizationId,
      email,
      passwordHash: null,
      firstName: entry.firstName ?? email.split('@')[0],
      lastName: entry.lastName ?? '',
      timezone,
      roles: [role],
      status: 'active',
      ldapDn: entry.dn,
      emailVerifiedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    await audit(tx, {
      organizationId,
      actorId: null,
      action: 'user.created',
      entityType: 'user',
      entityId: created.id,
      before: null,
      after: { email, name: fullName(created), roles: [role], ldap_dn: entry.dn, source: 'directory' },
    });
    return created;
  });
}
