// The access module's public API: what other modules and app.ts may use. Nothing else of this folder is theirs.

// app.ts: the viewer factory (`deps.viewers`), and who sees a VA (the realtime service's delivery by scope).
export { createViewer } from './viewer';
export { usersWhoSeeVa } from './visibility';
