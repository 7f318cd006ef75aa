// The requests module's public API: what other modules may use. Nothing else of this folder is theirs.

// The calendar feeds (integrations): approved leave of the VAs in a scope.
export { approvedLeaveBetween, type CalendarLeave } from './requests.calendar';
// Data export and erasure (issue 33): the data-rights module.
export {
  eraseAttachmentsOf,
  eraseFromRequests,
  exportRequests,
  requestAttachments,
} from './requests.data-rights';
// The demo seed: a request's working dates, and its plan under the same rules as a request made in the app.
export { workingDates } from './requests.days';
// The ai module's evidence pack: a VA's approved leave and overtime on a date.
export { approvedRequestsOn } from './requests.evidence';
export { planRequest, type RequestDraft } from './requests.rules';
