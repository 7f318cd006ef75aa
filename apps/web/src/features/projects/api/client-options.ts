import { useQuery } from '@tanstack/react-query';
import { adminUsers, managerUsers } from '@vahub/shared/users/endpoints';
import { clientOptionLabel } from '../../../lib/format/client-name';
import { endpointQuery } from '../../../lib/query-keys';
import type { ProjectArea } from './area';

/** One choice of a select (ids as text, as Mantine's selects take them). */
export type Option = { value: string; label: string };

type Person = { id: number; name: string; company_name: string | null };
type Status = 'active' | undefined;
const options = (r: { data: Person[] }): Option[] =>
  r.data.map((p) => ({ value: String(p.id), label: clientOptionLabel(p) }));

/**
 * The clients of the endpoints that list them: the admin's every client (`GET users?roles=client`), a manager's
 * own (`GET clients`, first 100); nothing for a client. One read per area and status.
 */
function useClients<T>(area: ProjectArea, status: Status, select: (r: { data: Person[] }) => T) {
  const admin = useQuery({
    ...endpointQuery(adminUsers.options, { query: { roles: ['client'], status } }),
    select,
    staleTime: 60_000,
    enabled: area === 'admin',
  });
  const manager = useQuery({
    ...endpointQuery(managerUsers.clients, { query: { page: 1, per_page: 100, sort: 'name', status } }),
    select,
    staleTime: 60_000,
    enabled: area === 'manager',
  });
  return area === 'admin' ? admin : manager;
}

/**
 * The clients a project may be for (the create form's client and the list's filter). A client never picks
 * one. A new project is for an active client; the list filters by any.
 */
export const useClientOptions = (area: ProjectArea, { activeOnly = false } = {}) =>
  useClients(area, activeOnly ? 'active' : undefined, options);
