// The notifications module's public API: what other modules may use. Nothing else of this folder is theirs.

// Data export and erasure (issue 33): the data-rights module.
export { eraseFromNotifications, exportNotifications } from './notifications.data-rights';
