// The tracker core: pure TypeScript shared by the web timer and the desktop agent (see the modules here).
export {};
