// The directory module's public API: what other code may use. Nothing else of this folder is theirs.
// (Nothing yet: directory sits in the top layer; sign-in reaches the directory through the platform.)
export {};
