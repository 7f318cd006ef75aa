import { auditEndpoints } from '@vahub/shared/audit/endpoints';
import type { ModuleContext } from '../../lib/module';
import { listAudit } from './audit.service';

/** The organization's audit log. */
export function auditRoutes({ route, deps }: ModuleContext) {
  route(auditEndpoints.list, ({ query }, { viewer }) => listAudit(deps, viewer, query));
}
