// The contracts module's public API: what other modules may use. Nothing else of this folder is theirs.

// Projects and tasks: who holds an active contract with whom.
export { activeClientIdsOfVaSql, activeVaIdsOfClientSql } from './contracts.active-sql';
// Data export (issue 33): the data-rights module.
export { eraseFromContracts, exportContracts, exportSchedules, vaIdsOfClient } from './contracts.data-rights';
export {
  activeContractIds,
  contractTitleSql,
  contractTitles,
  type EngineContract,
  engineContract,
  lateGraceMinutesSql,
  overtimeAllowedSql,
  timesheetApprovalRequiredSql,
} from './contracts.engine-view';
export { toPerson } from './contracts.mapper';
// Lists of rows of one contract (timesheets, requests): their VA, client and contract title.
export {
  mapWithParties,
  type People,
  peopleOf,
  personIn,
  withContractParties,
} from './contracts.parties';
// What contracts needs of attendance (a deleted contract's shifts); attendance.module.ts registers it.
export {
  type ContractAttendances,
  contractAttendancesPort,
  type PayPolicy,
  payPolicyPort,
} from './contracts.ports';
// The money module (issue 30): billed and pay rates of contracts, in cents.
export { type ContractRates, centsOf, contractRates } from './contracts.rates';
// The requests module: a contract's request terms, the VA's active contracts (make-up clashes), its zone.
export {
  activeContractsOfVa,
  contractTimezoneSql,
  type RequestTerms,
  requestTermsOf,
} from './contracts.request-terms';
// Attendance's reads: whether the viewer sees a contract (a filter's check), the VAs of the active contracts they
// see (the counters).
export {
  activeContractVaCountSql,
  clientIdsOfVaSql,
  contractVisibleSql,
  vaIdsOfClientsSql,
} from './contracts.scope-sql';
// The demo seed: a contract's settings row from its fields.
export { settingsValues } from './contracts.settings';
export {
  type TrackingTerms,
  trackingTermsOf,
  trackingTermsStillSql,
  vaMayMuteScreenshotNotice,
} from './contracts.tracking-view';
