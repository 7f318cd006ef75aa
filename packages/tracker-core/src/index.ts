// The tracker core: pure TypeScript shared by the web timer and the desktop agent. Import the modules
// directly (`@vahub/tracker-core/tracker-client`, `.../outbox`, `.../aggregator`, `.../shift-state`,
// `.../replay`, `.../socket`, `.../transport`, `.../clock`, `.../current-task`), and for screenshots `.../capture/controller`
// (scheduled and on-demand captures), `.../capture/upload-queue`, `.../capture/types` (the capturer, the
// upload store and transport) and `.../capture/fetch-upload`.
export {};
