import { problemSchema } from '@vahub/shared/api/problem';
import { auditPageSchema, auditQuerySchema } from '@vahub/shared/audit/schemas';
import { and, desc, eq, sql } from 'drizzle-orm';
import { iso } from '../../lib/clock';
import { pageOffset, paginationMeta } from '../../lib/pagination';
import type { App, Deps } from '../../lib/types';
import { authOf } from '../../plugins/authenticate';
import { users } from '../people/users.table';
import { auditLog } from './audit.table';

/** Inside `/api/v1/admin-access`: the organization's audit log, newest first. */
export function auditRoutes(app: App, deps: Deps) {
  app.get(
    '/audit-log',
    {
      schema: {
        tags: ['audit'],
        summary: 'Who changed what (filters: entity_type, entity_id, actor_id)',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, 401: problemSchema, 403: problemSchema, 422: problemSchema },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const q = request.query;
      const where = and(
        eq(auditLog.organizationId, auth.organizationId),
        q.entity_type ? eq(auditLog.entityType, q.entity_type) : undefined,
        q.entity_id ? eq(auditLog.entityId, q.entity_id) : undefined,
        q.actor_id ? eq(auditLog.actorId, q.actor_id) : undefined,
      );
      const [rows, [count]] = await Promise.all([
        deps.db
          .select({ entry: auditLog, first: users.firstName, last: users.lastName })
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.actorId))
          .where(where)
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(q.per_page)
          .offset(pageOffset(q.page, q.per_page)),
        deps.db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(where),
      ]);
      return {
        data: rows.map(({ entry, first, last }) => ({
          id: entry.id,
          action: entry.action,
          entity_type: entry.entityType,
          entity_id: entry.entityId,
          actor:
            entry.actorId && first !== null
              ? { id: entry.actorId, name: `${first} ${last ?? ''}`.trim() }
              : null,
          before: entry.before ?? null,
          after: entry.after ?? null,
          created_at: iso(entry.createdAt) ?? '',
        })),
        meta: paginationMeta(q.page, q.per_page, count?.n ?? 0),
      };
    },
  );
}
