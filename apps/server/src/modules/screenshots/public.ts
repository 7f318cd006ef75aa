// The screenshots module's public API: what other modules may use. Nothing else of this folder is theirs.
// The scheduled sweeps, for whoever runs them at another time (the tests, with their clock).

// The timesheets' reports: screenshots per VA of a period.
export { screenshotCountsByVa } from './screenshots.counts';
// Data export and erasure (issue 33): the data-rights module.
export { eraseScreenshotsOf, exportScreenshots, keptScreenshotFiles } from './screenshots.data-rights';
// The ai module's evidence pack: a shift's capture times and sizes (never the images).
export { screenshotFactsOfAttendance } from './screenshots.evidence';
// The timesheets' weeks show each day's screenshot count.
export { screenshotCountsByAttendance } from './screenshots.repository';
export { expireScreenshotRequests } from './screenshots.requests';
export { retentionSweep } from './screenshots.retention';
