import { idParamSchema, problemSchema } from '@vahub/shared/api/problem';
import {
  organizationPageSchema,
  organizationRowSchema,
  organizationsQuerySchema,
  organizationUpdateSchema,
} from '@vahub/shared/organization/settings';
import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import { iso } from '../../lib/clock';
import { fieldError, notFound } from '../../lib/errors';
import { pageOffset, paginationMeta } from '../../lib/pagination';
import { likePattern } from '../../lib/sql';
import type { App, Deps } from '../../lib/types';
import { authOf } from '../../plugins/authenticate';
import { audit } from '../audit/audit.service';
import { users } from '../people/users.table';
import { organizations, plans } from './organizations.table';

const activeUsers = sql<number>`(select count(*)::int from ${users} where ${users.organizationId} = ${organizations.id} and ${users.status} = 'active')`;

const selectRows = (deps: Deps) =>
  deps.db
    .select({
      org: organizations,
      planName: plans.name,
      userCount: activeUsers,
      owner: { id: users.id, first_name: users.firstName, last_name: users.lastName, email: users.email },
    })
    .from(organizations)
    .leftJoin(plans, eq(plans.id, organizations.planId))
    .leftJoin(users, eq(users.id, organizations.ownerId));

type Row = Awaited<ReturnType<typeof selectRows>>[number];

function toRow({ org, planName, userCount, owner }: Row) {
  return {
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
  };
}

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
        selectRows(deps)
          .where(where)
          .orderBy(asc(organizations.id))
          .limit(q.per_page)
          .offset(pageOffset(q.page, q.per_page)),
        deps.db.select({ n: sql<number>`count(*)::int` }).from(organizations).where(where),
      ]);
      return {
        data: rows.map(toRow),
        meta: paginationMeta(q.page, q.per_page, count?.n ?? 0),
      };
    },
  );

  app.patch(
    '/organizations/:id',
    {
      schema: {
        tags: ['super-admin'],
        summary: 'Suspend or reactivate an organization, change its plan, expiry or seats',
        params: idParamSchema,
        body: organizationUpdateSchema,
        response: {
          200: organizationRowSchema,
          401: problemSchema,
          403: problemSchema,
          404: problemSchema,
          422: problemSchema,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      const auth = authOf(request);
      await deps.transaction(async ({ tx }) => {
        const [before] = await tx.select().from(organizations).where(eq(organizations.id, id)).for('update');
        if (!before) throw notFound('Organization');
        if (id === 1 && body.status === 0)
          throw fieldError('status', 'The home organization is always active.');
        const patch: Partial<typeof organizations.$inferInsert> = { updatedAt: deps.clock.now() };
        if (body.status !== undefined) patch.status = body.status;
        if (body.plan_valid_until !== undefined)
          patch.planValidUntil = body.plan_valid_until ? new Date(body.plan_valid_until) : null;
        if (body.plan_id !== undefined) {
          patch.planId = body.plan_id;
          if (body.plan_id !== null) {
            const [plan] = await tx.select().from(plans).where(eq(plans.id, body.plan_id));
            if (!plan) throw fieldError('plan_id', 'There is no such plan.');
            // Moving to a plan takes its seats unless they are set explicitly.
            if (body.max_users === undefined) patch.maxUsers = plan.maxUsers;
          }
        }
        if (body.max_users !== undefined) patch.maxUsers = body.max_users;
        const [after] = await tx.update(organizations).set(patch).where(eq(organizations.id, id)).returning();
        await audit(tx, {
          organizationId: id,
          actorId: auth.userId,
          action: 'organization.updated',
          entityType: 'organization',
          entityId: id,
          before,
          after,
        });
      });
      const [row] = await selectRows(deps).where(eq(organizations.id, id));
      return toRow(row);
    },
  );
}
