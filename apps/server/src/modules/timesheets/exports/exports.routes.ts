import type { ModuleContext } from '../../../lib/module';

/** Registers the streamed exports and the export jobs (being built: issue 13). */
export function registerExports(_ctx: ModuleContext) {}
