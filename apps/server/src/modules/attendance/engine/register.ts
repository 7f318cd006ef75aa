import type { ModuleContext } from '../../../lib/module';

/** The engine: upcoming shifts from schedules, the sweeps (absences, auto-close, window), fix-date and reset. */
export function registerEngine(_ctx: ModuleContext) {}
