import type { ModuleContext } from '../../lib/module';

/** People: users, clients, managers, VAs, teams, organizations, settings, audit log. */
export function registerPeople(_ctx: ModuleContext) {}
