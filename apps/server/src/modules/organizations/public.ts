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

// app.ts: the module itself, to register it. Imported last, after what other modules use of this file: its
// routes and services reach other modules' public APIs, and some of those come back here while loading.
import { organizationsModule } from './organizations.module';

export { organizationsModule };
