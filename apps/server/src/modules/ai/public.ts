// The ai module's public API: what other modules may use. Nothing else of this folder is theirs.

// Erasure (issue 33): the data-rights module.
export { eraseFromAi } from './ai.data-rights';
