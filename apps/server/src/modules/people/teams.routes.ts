import { teamEndpoints as api } from '@vahub/shared/teams/endpoints';
import type { ModuleContext } from '../../lib/module';
import { createTeam, deleteTeam, getTeam, listTeams, setUserTeams, updateTeam } from './teams.service';

/** Teams: every role reads them (within the organization); admins change them. */
export function teamRoutes({ route, deps }: ModuleContext) {
  route(api.list, ({ query }, { viewer }) => listTeams(deps, viewer, query));
  route(api.get, ({ params }, { viewer }) => getTeam(deps, viewer, params.id));
  route(api.create, ({ body }, { viewer }) => createTeam(deps, viewer, body));
  route(api.setUserTeams, ({ params, body }, { viewer }) =>
    setUserTeams(deps, viewer, params.id, body.team_ids),
  );
  route(api.update, ({ params, body }, { viewer }) => updateTeam(deps, viewer, params.id, body));
  route(api.remove, async ({ params }, { viewer }) => {
    await deleteTeam(deps, viewer, params.id);
    return null;
  });
}
