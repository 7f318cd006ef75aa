// The webhooks module's public API: what other modules may use. Nothing else of this folder is theirs.

// Erasure (issue 33): the data-rights module.
export { eraseFromWebhooks } from './webhooks.data-rights';
