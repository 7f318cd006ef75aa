/** Which API area a people screen reads: the admin's whole organization or the manager's own people. */
export type Scope = 'admin' | 'manager';

export const areaPath = (scope: Scope, path: string): string => `/api/v1/${scope}-access/${path}`;

/** Query keys of the people feature; mutations invalidate `peopleKeys.all`. */
export const peopleKeys = {
  all: ['people'] as const,
  users: (scope: Scope, params: object) => ['people', scope, 'users', params] as const,
  user: (scope: Scope, id: number) => ['people', scope, 'user', id] as const,
  options: (filter: object) => ['people', 'admin', 'options', filter] as const,
  clients: (scope: Scope, params: object) => ['people', scope, 'clients', params] as const,
  teams: (params: object) => ['people', 'teams', params] as const,
  team: (id: number) => ['people', 'team', id] as const,
  organizations: (params: object) => ['people', 'organizations', params] as const,
  orgUsers: (params: object) => ['people', 'org-users', params] as const,
  settings: ['people', 'settings'] as const,
};
