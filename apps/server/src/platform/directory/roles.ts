import type { DirectoryRole } from './types';

/** One LDAP_GROUP_ROLES pair. */
export type GroupRole = { groupDn: string; role: DirectoryRole };

/** DNs compare without case and spaces around the separators (`cn=VAs, ou=groups` is `cn=vas,ou=groups`). */
export const normalizeDn = (dn: string) =>
  dn
    .split(',')
    .map((part) =>
      part
        .split('=')
        .map((s) => s.trim())
        .join('='),
    )
    .join(',')
    .toLowerCase();

/** The roles the entry's groups grant under the mapping, in the mapping's order, without repeats. */
export function rolesOfGroups(groups: readonly string[], mapping: readonly GroupRole[]): DirectoryRole[] {
  const mine = new Set(groups.map(normalizeDn));
  const roles: DirectoryRole[] = [];
  for (const { groupDn, role } of mapping)
    if (mine.has(normalizeDn(groupDn)) && !roles.includes(role)) roles.push(role);
  return roles;
}

/** The roles the mapping manages: the sync adds and removes these, and leaves every other role alone. */
export const mappedRoles = (mapping: readonly GroupRole[]): DirectoryRole[] => [
  ...new Set(mapping.map((m) => m.role)),
];
