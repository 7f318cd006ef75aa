// The calendar module's public API: what other code may use. Nothing else of this folder is theirs.
// (Nothing yet: calendar sits in the top layer.)
export {};
