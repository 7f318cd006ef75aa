import type { ModuleContext } from '../../../lib/module';

/** What every role reads: lists, summaries, counters, logs, pings, timeblocks, calendar. */
export function registerReads(_ctx: ModuleContext) {}
