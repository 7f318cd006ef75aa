import { directoryEndpoints } from '@vahub/shared/directory/endpoints';
import type { ModuleContext } from '../../lib/module';
import {
  associateEntry,
  createEntry,
  directoryLink,
  directoryOf,
  directoryStatus,
  searchDirectory,
  testDirectory,
  unlinkEntry,
} from './directory.service';
import { syncOrganization } from './directory.sync';

/** The spec's `ldap/*` calls and the settings page's directory section. */
export function directoryRoutes({ route, deps }: ModuleContext) {
  route(directoryEndpoints.search, ({ query }, { viewer }) => searchDirectory(deps, viewer, query.email));
  route(directoryEndpoints.create, ({ body }, { viewer }) =>
    createEntry(deps, viewer, body.user_id, body.email),
  );
  route(directoryEndpoints.associate, ({ params, body }, { viewer }) =>
    associateEntry(deps, viewer, params.id, body.dn),
  );
  route(directoryEndpoints.unlink, async ({ params }, { viewer, reply }) => {
    await unlinkEntry(deps, viewer, params.id);
    return reply.code(204).send();
  });
  route(directoryEndpoints.link, ({ params }, { viewer }) => directoryLink(deps, viewer, params.id));
  route(directoryEndpoints.status, (_, { viewer }) => directoryStatus(deps, viewer));
  route(directoryEndpoints.test, () => testDirectory(deps));
  route(directoryEndpoints.sync, (_, { viewer }) => {
    directoryOf(deps);
    return syncOrganization(deps, viewer.organizationId, { kind: 'manual', actorId: viewer.userId });
  });
}
