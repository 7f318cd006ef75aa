// The money module's public API: what other modules may use. Nothing else of this folder is theirs.
// (Nothing yet: money sits in the top layer, and the lower modules need nothing of it.)
export {};
