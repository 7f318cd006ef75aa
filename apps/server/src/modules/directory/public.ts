// The directory module's public API: what other code may use. Nothing else of this folder is theirs.
// Sign-in reaches the directory through the platform.

// Erasure (issue 33): the data-rights module, above directory.
export { eraseFromDirectory } from './directory.data-rights';
