import { and, eq, ne, type SQL } from 'drizzle-orm';
import type { Viewer } from '../../lib/viewer';
import { contracts } from './contracts.table';

/**
 * The contracts a viewer sees (DOMAIN.md "Tenancy and roles"): admins every contract of the organization;
 * a client their own, a VA theirs, a manager those of the clients assigned to them. Drafts are the
 * agency's own business: only admins see them.
 */
export function contractsVisibleTo(viewer: Viewer): SQL {
  const org = eq(contracts.organizationId, viewer.organizationId);
  if (viewer.isAdmin) return org;
  const notDraft = ne(contracts.status, 'draft');
  const { scope } = viewer;
  switch (viewer.role) {
    case 'client':
      return and(org, notDraft, scope.clients(contracts.clientId)) as SQL;
    case 'va':
      return and(org, notDraft, scope.vas(contracts.vaId)) as SQL;
    default:
      // A manager: the contracts of the clients assigned to them. A VA in a team they lead is theirs to see,
      // not that VA's work for clients assigned to somebody else.
      return and(org, notDraft, scope.clients(contracts.clientId)) as SQL;
  }
}

/** The contracts a viewer sees with one client (the admin's client VA list). */
export const clientContractsVisibleTo = (viewer: Viewer, clientId: number): SQL =>
  and(contractsVisibleTo(viewer), eq(contracts.clientId, clientId)) as SQL;

/** The contracts a viewer sees with one VA (a client's page of that VA). */
export const vaContractsVisibleTo = (viewer: Viewer, vaId: number): SQL =>
  and(contractsVisibleTo(viewer), eq(contracts.vaId, vaId)) as SQL;
