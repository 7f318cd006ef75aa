import { defineModule } from '../../lib/module';
import { vaClientsPort } from '../people/public';
import { adminContractRoutes } from './contracts.routes';
import { clientIdsOfVaSql } from './contracts.scope-sql';
import { clientContractRoutes, managerContractRoutes, vaContractRoutes } from './portal.routes';
import { scheduleRoutes } from './schedules.routes';

// The user lists of people (a layer below) show a VA's managers, the managers of the clients the VA holds a
// contract with: people declares that subquery as a port (people.ports.ts) and contracts implements it here,
// when this file loads, so people imports nothing of contracts.
vaClientsPort.register({ clientIdsOfVaSql });

/** Contracts, contract settings and schedules. */
export const contractsModule = defineModule({
  name: 'contracts',
  register(ctx) {
    adminContractRoutes(ctx);
    clientContractRoutes(ctx);
    vaContractRoutes(ctx);
    managerContractRoutes(ctx);
    scheduleRoutes(ctx);
  },
});
