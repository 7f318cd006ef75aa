// The data-rights module's public API: what other modules may use. Nothing else of this folder is theirs.
// (Nothing: data-rights sits in the top layer, and the lower modules need nothing of it.)
export {};
