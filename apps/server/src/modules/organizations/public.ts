// The organizations module's public API: what other modules may use. Nothing else of this folder is theirs.
// Until the organizations module registers `GET /api/v1/organization` and `GET /api/v1/plans` itself.
export { getOrganization, listPlans } from './organizations.service';
export { openOrganization, setOrganizationOwner } from './registration';
export { contractDefaultsOf } from './settings.service';
