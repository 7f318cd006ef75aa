// The projects module's public API: what other modules may use. Nothing else of this folder is theirs.

// The ai module's evidence pack: the titles of the tasks a shift worked on.
export { itemTitles } from './projects.evidence';
