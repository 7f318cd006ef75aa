// The people module's public API: what other modules may use. Nothing else of this folder is theirs.

export {
  type Account,
  accountById,
  activeRolesSql,
  createOwner,
  credentialsOf,
  emailRegistered,
  markEmailVerified,
  recordSignIn,
  type SessionUser,
  sessionUser,
} from './people.accounts';
export {
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
