// The attendance module's public API: what other modules may use. Nothing else of this folder is theirs.
export { releaseContractAttendances } from './engine/contract-delete';
