// The requests module's public API: what other modules may use. Nothing else of this folder is theirs.

// The attendance engine keeps approved make-up shifts when it rebuilds a contract's window.
export { makeupShiftIds } from './requests.repository';
