// The requests module's public API: what other modules may use. Nothing else of this folder is theirs.

// The demo seed: a request's working dates, and its plan under the same rules as a request made in the app.
export { workingDates } from './requests.days';
// The attendance engine keeps approved make-up shifts when it rebuilds a contract's window.
export { makeupShiftIds } from './requests.repository';
export { planRequest, type RequestDraft } from './requests.rules';
