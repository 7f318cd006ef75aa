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
  superAdminExists,
} from './accounts';

export { clockOf, type PersonClock } from './people.clock';
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
