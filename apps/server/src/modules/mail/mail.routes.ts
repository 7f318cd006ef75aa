import { paginated, paginationQuerySchema, problemSchema } from '@vahub/shared/api/problem';
import { outboxMailSchema } from '@vahub/shared/organization/schemas';
import { desc, ilike, sql } from 'drizzle-orm';
import { z } from 'zod';
import { iso } from '../../lib/clock';
import { pageOffset, paginationMeta } from '../../lib/pagination';
import { likePattern } from '../../lib/sql';
import type { App, Deps } from '../../lib/types';
import { mailOutbox } from './mail.table';

/** Registered inside the super-admin area. */
export function outboxRoutes(app: App, deps: Deps) {
  app.get(
    '/outbox',
    {
      schema: {
        tags: ['super-admin'],
        summary: 'Mails the installation sent or kept (the dev mailbox when no SMTP is set)',
        querystring: paginationQuerySchema.extend({ to: z.string().trim().max(254).optional() }),
        response: { 200: paginated(outboxMailSchema), 401: problemSchema, 403: problemSchema },
      },
    },
    async (request) => {
      const { page, per_page, to } = request.query;
      const where = to ? ilike(mailOutbox.to, likePattern(to)) : undefined;
      const [rows, [count]] = await Promise.all([
        deps.db
          .select()
          .from(mailOutbox)
          .where(where)
          .orderBy(desc(mailOutbox.id))
          .limit(per_page)
          .offset(pageOffset(page, per_page)),
        deps.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox).where(where),
      ]);
      return {
        data: rows.map((m) => ({
          id: m.id,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
          status: m.status,
          error: m.error,
          attempts: m.attempts,
          sent_at: iso(m.sentAt),
          created_at: iso(m.createdAt)!,
        })),
        meta: paginationMeta(page, per_page, count?.n ?? 0),
      };
    },
  );
}
