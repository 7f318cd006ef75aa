// The organizations module's public API: what other modules may use. Nothing else of this folder is theirs.

// The billing module's reads and writes of an organization's subscription and of the plans (the rules are billing's).
export {
  type BillingAccount,
  type BillingAccountPatch,
  billingAccountByProviderIds,
  billingAccountOf,
  deletePlan,
  insertPlan,
  lapsedAccounts,
  lockBillingAccount,
  organizationsOnPlan,
  type PlanRow,
  type PlanValues,
  planById,
  planByName,
  planByPriceId,
  plansWithOrganizationCounts,
  updateBillingAccount,
  updatePlan,
} from './billing-account.repository';
// The organization's logo (issue 30): the invoice PDF draws it.
export { organizationLogo } from './logo.service';
// What organizations needs of people (seats taken, owners' names); people.module.ts registers it.
export { type OrganizationPeople, type OwnerCard, organizationPeoplePort } from './organizations.ports';
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
