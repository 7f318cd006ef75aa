import type { ModuleContext } from '../../lib/module';

/** Contracts, contract settings and schedules. */
export function registerContracts(_ctx: ModuleContext) {}
