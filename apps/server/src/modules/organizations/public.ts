// The organizations module's public API: what other modules may use. Nothing else of this folder is theirs.

export { lockOrganizationSeats, organizationNames } from './organizations.service';
export {
  nameHomeOrganization,
  openOrganization,
  setOrganizationOwner,
  subscriptionActive,
  subscriptionActiveSql,
} from './registration';
export {
  contractDefaultsOf,
  organizationTimezone,
  screenshotPolicies,
  screenshotPolicyOf,
  timesheetPolicies,
  timesheetPolicyOf,
} from './settings.service';
