import type { ModuleContext } from '../../lib/module';
import { adminContractRoutes } from './contracts.routes';
import { clientContractRoutes, vaContractRoutes } from './portal.routes';
import { scheduleRoutes } from './schedules.routes';

/** Contracts, contract settings and schedules. */
export function registerContracts(ctx: ModuleContext) {
  const { deps, areas } = ctx;
  areas.admin.push((scope) => {
    adminContractRoutes(scope, deps);
    scheduleRoutes(scope, deps, 'admin', { write: true });
  });
  areas.client.push((scope) => {
    clientContractRoutes(scope, deps);
    scheduleRoutes(scope, deps, 'client', { write: true });
  });
  areas.manager.push((scope) => scheduleRoutes(scope, deps, 'manager', { write: false }));
  areas.va.push((scope) => vaContractRoutes(scope, deps));
}
