import type { ModuleContext } from '../../../lib/module';

/** The tracker protocol: current shift, clock-in, pings, clock-out, forced logout, presence. */
export function registerTracker(_ctx: ModuleContext) {}
