// The projects module's public API: what other modules may use. Nothing else of this folder is theirs.

// Data export (issue 33): the data-rights module.
export { eraseFromProjects, exportProjects, exportTasks } from './projects.data-rights';
// The ai module's evidence pack: the titles of the tasks a shift worked on.
export { itemTitles } from './projects.evidence';
