// The calendar module's public API: what other code may use. Nothing else of this folder is theirs.

// Erasure (issue 33): the data-rights module, above calendar.
export { eraseCalendarFeedsOf } from './calendar.data-rights';
