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
} from './accounts';

export {
  activeUserCount,
  activeUserCountSql,
  activeVasOutside,
  findPersonWithRole,
  idsWithRole,
  isOrgUser,
  lockPerson,
  type PersonCard,
  pageOfPeople,
  peopleByIds,
  teamMemberIdsSql,
  userIdsMatchingSql,
} from './people.lookup';
export { ledTeamMemberIdsSql, managedClientIdsSql } from './people.scope';
