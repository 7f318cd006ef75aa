import type { ModuleContext } from '../../lib/module';

/** Registers lists, detail, PATCH, weeks, sign-off, reply, reminder and auto-approval jobs (being built: issue 13). */
export function registerTimesheets(_ctx: ModuleContext) {}
