import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { audit } from '../../platform/audit-trail';
import type { UnitOfWork } from '../../platform/transaction';
import { activeVaIdsOfClientSql } from '../contracts/public';
import { activeUsersAmong, managerIdsOfClientsSql, orgAdminIdsSql } from '../people/public';

/**
 * The active users who may see a client's projects (DOMAIN.md "Tenancy and roles"), in one query: the
 * organization's admins, the client, the client's managers, and the VAs holding an active contract with the
 * client. Each candidate must still hold the role that lets them in.
 */
export function projectAudience(db: Db, organizationId: number, clientId: number): Promise<number[]> {
  const candidates = sql`(
    select a.id, null::text from ${orgAdminIdsSql(organizationId)} as a(id)
    union all select ${clientId}::int, 'client'
    union all select m.id, 'manager' from ${managerIdsOfClientsSql(sql`(${clientId})`)} as m(id)
    union all select v.id, 'va' from ${activeVaIdsOfClientSql(clientId)} as v(id)
  )`;
  return activeUsersAmong(db, organizationId, candidates);
}

type Board = { id: number; organizationId: number; clientId: number };

/**
 * `board.changed` once the transaction commits, to everyone who may see the project; it names ids only, so
 * each viewer refetches through their own scope. The audience is read after the commit, so a project deleted
 * in this transaction still reaches those who had it open.
 */
export function announce(deps: Deps, uow: UnitOfWork, project: Board, taskId: number | null, action: string) {
  uow.afterCommit(async () => {
    const userIds = await projectAudience(deps.db, project.organizationId, project.clientId);
    await deps.realtime.publish(
      { type: 'board.changed', data: { project_id: project.id, task_id: taskId, action } },
      { userIds },
    );
  });
}

/** Entity types of the audit log's entries from this module. */
export type ProjectEntity = 'project' | 'board_column' | 'task' | 'task_comment' | 'general_task';

/** One audit entry by the viewer (`action` like `task.updated`), in the change's transaction. */
export const record = (
  uow: UnitOfWork,
  viewer: Viewer,
  entityType: ProjectEntity,
  entityId: number,
  action: string,
  change: { before?: unknown; after?: unknown },
) =>
  audit(uow.tx, {
    organizationId: viewer.organizationId,
    actorId: viewer.userId,
    action,
    entityType,
    entityId,
    ...change,
  });
