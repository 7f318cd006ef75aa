import { problemSchema } from '@vahub/shared/api/problem';
import { organizationPageSchema, organizationsQuerySchema } from '@vahub/shared/organization/settings';
import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import { iso } from '../../lib/clock';
import { pageOffset, paginationMeta } from '../../lib/pagination';
import { likePattern } from '../../lib/sql';
import type { App, Deps } from '../../lib/types';
import { users } from '../users/users.table';
import { organizations, plans } from './organizations.table';

const activeUsers = sql<number>`(select count(*)::int from ${users} where ${users.organizationId} = ${organizations.id} and ${users.status} = 'active')`;

/** Inside `/api/v1/super-admin-access`: every organization with its plan, seats and owner. */
export function organizationDirectoryRoutes(app: App, deps: Deps) {
  app.get(
    '/organizations',
    {
      schema: {
        tags: ['super-admin'],
        summary: 'Organizations (search by name, filter status)',
        querystring: organizationsQuerySchema,
        response: { 200: organizationPageSchema, 401: problemSchema, 403: problemSchema, 422: problemSchema },
      },
    },
    async (request) => {
      const q = request.query;
      const where = and(
        q.search ? ilike(organizations.name, likePattern(q.search)) : undefined,
        q.status !== undefined ? eq(organizations.status, q.status) : undefined,
      );
      const [rows, [count]] = await Promise.all([
        deps.db
          .select({
            org: organizations,
            planName: plans.name,
            userCount: activeUsers,
            owner: {
              id: users.id,
              first_name: users.firstName,
              last_name: users.lastName,
              email: users.email,
            },
          })
          .from(organizations)
          .leftJoin(plans, eq(plans.id, organizations.planId))
          .leftJoin(users, eq(users.id, organizations.ownerId))
          .where(where)
          .orderBy(asc(organizations.id))
          .limit(q.per_page)
          .offset(pageOffset(q.page, q.per_page)),
        deps.db.select({ n: sql<number>`count(*)::int` }).from(organizations).where(where),
      ]);
      return {
        data: rows.map(({ org, planName, userCount, owner }) => ({
          id: org.id,
          name: org.name,
          status: org.status === 1 ? (1 as const) : (0 as const),
          plan_id: org.planId,
          plan_name: planName,
          plan_valid_until: iso(org.planValidUntil),
          user_count: userCount,
          max_users: org.id === 1 ? null : org.maxUsers,
          owner: owner?.id ? owner : null,
          timezone: org.timezone,
          created_at: iso(org.createdAt) ?? '',
        })),
        meta: paginationMeta(q.page, q.per_page, count?.n ?? 0),
      };
    },
  );
}
