import { useQuery } from '@tanstack/react-query';
import { clientContracts } from '@vahub/shared/contracts/endpoints';
import { teamEndpoints } from '@vahub/shared/teams/endpoints';
import { adminUsers, managerUsers } from '@vahub/shared/users/endpoints';
import { clientOptionLabel } from './format/client-name';
import { endpointQuery } from './query-keys';

// The people and team pickers of the list filter bars (attendance, reports, requests, screenshots, timesheets).

/** The dashboard a filter bar is on: what it may list decides where its people come from. */
export type PickerArea = 'admin' | 'manager' | 'client';

/** One choice of a filter picker (ids as text, as Mantine's selects take them). */
export type Option = { value: string; label: string };

const opt = (p: { id: number; name: string; company_name?: string | null }, asClient = false): Option => ({
  value: String(p.id),
  label: asClient ? clientOptionLabel(p) : p.name,
});
// Pickers open often and people rarely change: keep what was read for a minute.
const STALE = 60_000;

/**
 * The people a filter may name, read from what the area may list: an admin every VA or client
 * (`GET users?roles=`), a manager those they supervise (`users/paginated`, `clients`), a client their VAs
 * (`va-list`). A first page of 100 is enough for a picker; the list itself stays scoped by the server.
 */
function peopleQuery(area: PickerArea, kind: 'va' | 'client') {
  if (area === 'admin')
    return {
      ...endpointQuery(adminUsers.options, { query: { roles: [kind], status: undefined } }),
      select: (r: { data: { id: number; name: string; company_name: string | null }[] }) =>
        r.data.map((p) => opt(p, kind === 'client')),
    };
  if (area === 'manager' && kind === 'va')
    return {
      ...endpointQuery(managerUsers.list, { query: { role: 'va', page: 1, per_page: 100 } }),
      select: (r: { data: { id: number; name: string; company_name: string | null }[] }) =>
        r.data.map((p) => opt(p)),
    };
  if (area === 'manager')
    return {
      ...endpointQuery(managerUsers.clients, { query: { page: 1, per_page: 100 } }),
      select: (r: { data: { id: number; name: string; company_name: string | null }[] }) =>
        r.data.map((p) => opt(p, true)),
    };
  return {
    ...endpointQuery(clientContracts.vaList, {}),
    select: (r: { data: { id: number; name: string }[] }) => r.data.map((p) => opt(p)),
  };
}

export function usePeopleOptions(area: PickerArea, kind: 'va' | 'client', enabled = true) {
  // Each branch is a distinct endpoint; the union of their options is what the hook returns.
  const q = peopleQuery(area, kind) as unknown as Parameters<typeof useQuery<unknown, Error, Option[]>>[0];
  return useQuery({ ...q, staleTime: STALE, enabled });
}

/** The organization's teams (every role may list them; only admins and managers filter by them). */
export const useTeamOptions = (enabled = true) =>
  useQuery({
    ...endpointQuery(teamEndpoints.list, { query: { page: 1, per_page: 100 } }),
    select: (r) => r.data.map((team): Option => ({ value: String(team.id), label: team.name })),
    staleTime: STALE,
    enabled,
  });
