// The people module's public API: what other modules may use. Nothing else of this folder is theirs.
export {
  type Account,
  activeRolesSql,
  createAccount,
  emailInUse,
  findAccount,
  findAccountByEmail,
  markEmailVerified,
  recordSignIn,
  setFirstPassword,
  superAdminEmails,
  superAdminExists,
} from './accounts';

// Directory links (users.ldap_dn): the directory module's and sign-in's side of people.
export {
  applyDirectoryChanges,
  deactivateAccount,
  directoryPasswordMatches,
  findAccountByDn,
  linkedAccountCount,
  linkedAccounts,
  setDirectoryLink,
  writeDirectoryPassword,
} from './directory-accounts';
// Passwords are a user's own (hashed, checked against the policy): auth, the setup, the seed and the CLI use them.
export { assertPasswordAllowed, hashPassword, passwordProblems, verifyPassword } from './passwords';
export { clockOf, type PersonClock } from './people.clock';
// Data export and erasure (issue 33): the data-rights module.
export { anonymizeAccount, exportPeople, inactivePeople, personToErase } from './people.data-rights';
export {
  activeUserCount,
  activeUserCountSql,
  activeUsersAmong,
  activeVasOutside,
  findPersonWithRole,
  idsWithRole,
  isOrgUser,
  isOrgUserSql,
  lockPerson,
  type PersonCard,
  pageOfPeople,
  peopleByIds,
  personNameSql,
  teamMemberIdsSql,
  userIdsMatchingSql,
} from './people.lookup';
export { fullName } from './people.mapper';
// What people needs of the modules above it; each registers its part when its module file loads.
export {
  type Invitation,
  type InvitationLinks,
  type Invitee,
  invitationLinksPort,
  type UserSessions,
  userSessionsPort,
  type VaClients,
  vaClientsPort,
} from './people.ports';
export {
  isInViewerScope,
  isTeamVisibleTo,
  leaderIdsOfMemberSql,
  ledTeamMemberIdsSql,
  managedClientIdsSql,
  managerIdsOfClientsSql,
  orgAdminIdsSql,
} from './people.scope';
// The timesheets' team summary: the organization's teams and their members, as subqueries.
export { organizationTeamsSql, teamMembershipsSql } from './teams.subqueries';
export { takeSeat } from './user-rules';
