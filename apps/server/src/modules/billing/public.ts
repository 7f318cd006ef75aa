// The billing module's public API: what other code may use. Nothing else of this folder is theirs.
// (Nothing yet: billing sits in the top layer, and the lower modules need nothing of it.)
export {};
