// The contracts module's public API: what other modules may use. Nothing else of this folder is theirs.

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
export { clientIdsOfVaSql, vaIdsOfClientsSql } from './contracts.scope-sql';
export { type TrackingTerms, trackingTermsOf } from './contracts.tracking-view';
