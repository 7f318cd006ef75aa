// The tracker core: pure TypeScript shared by the web timer and the desktop agent. Import the modules
// directly (`@vahub/tracker-core/tracker-client`, `.../outbox`, `.../aggregator`, `.../shift-state`,
// `.../replay`, `.../socket`, `.../transport`, `.../clock`).
export {};
