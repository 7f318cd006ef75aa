import { clientContracts, managerContracts, vaContracts } from '@vahub/shared/contracts/endpoints';
import { notFound } from '../../lib/errors';
import type { ModuleContext } from '../../lib/module';
import type { Viewer } from '../../lib/viewer';
import { pageOfVas, vasOfContracts } from './contracts.people';
import { payPolicyPort } from './contracts.ports';
import { contractsVisibleTo, vaContractsVisibleTo } from './contracts.scope';
import { contractsWithSchedules, getContract, listContracts, pageOfContracts } from './contracts.service';
import { allSchedules } from './schedules.service';

/** Client area: their contracts (not drafts), their VAs and their schedules. */
export function clientContractRoutes({ route, deps }: ModuleContext) {
  const api = clientContracts;
  route(api.list, ({ query }, { viewer }) =>
    pageOfContracts(deps.db, contractsVisibleTo(viewer), query, false),
  );
  route(api.schedules, async (_, { viewer }) => ({ data: await allSchedules(deps, viewer) }));
  route(api.get, ({ params }, { viewer }) => getContract(deps.db, viewer, params.id));
  route(api.vaList, async (_, { viewer }) => ({
    data: (await vasOfContracts(deps.db, contractsVisibleTo(viewer))).data,
  }));
  route(api.vaListPaginated, ({ query }, { viewer }) =>
    pageOfVas(deps.db, contractsVisibleTo(viewer), query),
  );
  route(api.va, async ({ params }, { viewer }) => {
    const [va] = (await vasOfContracts(deps.db, vaContractsVisibleTo(viewer, params.id))).data;
    if (!va) throw notFound('User');
    return va;
  });
  route(api.vaContractsSchedules, async ({ params }, { viewer }) => {
    const data = await contractsWithSchedules(deps.db, vaContractsVisibleTo(viewer, params.id));
    if (!data.length) throw notFound('User');
    return { data };
  });
}

/** VA area: their own contracts (not drafts) with schedules, settings and the client. */
export function vaContractRoutes({ route, deps }: ModuleContext) {
  route(vaContracts.list, ({ query }, { viewer }) =>
    pageOfContracts(deps.db, contractsVisibleTo(viewer), query, true, viewer),
  );
}

/**
 * Manager area: the contracts of their clients (never drafts, `contractsVisibleTo`); the pay fields only where
 * the organization lets managers see pay (Settings → Invoicing), never otherwise.
 */
export function managerContractRoutes({ route, deps }: ModuleContext) {
  const reader = async (viewer: Viewer) => ({
    userId: viewer.userId,
    isAdmin: false,
    managerSeesPay: await payPolicyPort.get().managersSeePay(deps.db, viewer.organizationId),
  });
  route(managerContracts.list, async ({ query }, { viewer }) =>
    listContracts(deps, viewer, query, undefined, await reader(viewer)),
  );
  route(managerContracts.get, async ({ params }, { viewer }) =>
    getContract(deps.db, viewer, params.id, await reader(viewer)),
  );
}
