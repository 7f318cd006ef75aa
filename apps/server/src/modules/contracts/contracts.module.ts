import { defineModule } from '../../lib/module';
import { adminContractRoutes } from './contracts.routes';
import { clientContractRoutes, vaContractRoutes } from './portal.routes';
import { scheduleRoutes } from './schedules.routes';

/** Contracts, contract settings and schedules. */
export const contractsModule = defineModule({
  name: 'contracts',
  register(ctx) {
    adminContractRoutes(ctx);
    clientContractRoutes(ctx);
    vaContractRoutes(ctx);
    scheduleRoutes(ctx);
  },
});
