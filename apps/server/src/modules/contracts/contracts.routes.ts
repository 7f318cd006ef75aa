import { adminContracts as api } from '@vahub/shared/contracts/endpoints';
import type { ModuleContext } from '../../lib/module';
import { multiplyContract } from './contracts.multiply';
import { orgClient, orgUser, pageOfVas, vasNotInClientList } from './contracts.people';
import { clientContractsVisibleTo } from './contracts.scope';
import {
  activateContract,
  contractsWithSchedules,
  createContract,
  deleteContract,
  getContract,
  listContracts,
  pageOfContracts,
  updateContract,
  userContractsWhere,
} from './contracts.service';
import { patchSettings, putSettings } from './contracts.settings';

/** Admin area: contracts, their settings, and the people around them. */
export function adminContractRoutes({ route, deps }: ModuleContext) {
  route(api.list, ({ query }, { viewer }) => listContracts(deps, viewer, query));
  route(api.create, ({ body }, { viewer }) => createContract(deps, viewer, body));
  route(api.putSettings, ({ body }, { viewer }) => putSettings(deps, viewer, body));
  route(api.patchSettings, ({ params, body }, { viewer }) => patchSettings(deps, viewer, params.id, body));
  route(api.ofUser, async ({ params, query }, { viewer }) => {
    await orgUser(deps.db, viewer, params.id);
    return pageOfContracts(deps.db, userContractsWhere(viewer, params.id), query, false, viewer);
  });
  route(api.get, ({ params }, { viewer }) => getContract(deps.db, viewer, params.id));
  route(api.update, ({ params, body }, { viewer }) => updateContract(deps, viewer, params.id, body));
  route(api.remove, async ({ params }, { viewer }) => {
    await deleteContract(deps, viewer, params.id);
    return { message: 'Contract deleted.' };
  });
  route(api.activate, ({ params }, { viewer }) => activateContract(deps, viewer, params.id));
  route(api.multiply, ({ params, body }, { viewer }) =>
    multiplyContract(deps, viewer, params.id, body.va_ids),
  );
  route(api.userContractsSchedules, async ({ params }, { viewer }) => {
    await orgUser(deps.db, viewer, params.id);
    return { data: await contractsWithSchedules(deps.db, userContractsWhere(viewer, params.id), viewer) };
  });
  route(api.clientVaList, async ({ params, query }, { viewer }) => {
    await orgClient(deps.db, viewer, params.id);
    return pageOfVas(deps.db, clientContractsVisibleTo(viewer, params.id), query);
  });
  route(api.searchNotInList, async ({ params, query }, { viewer }) => ({
    data: await vasNotInClientList(deps.db, viewer, params.id, query.search),
  }));
}
