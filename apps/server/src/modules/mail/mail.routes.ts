import { mailEndpoints as api } from '@vahub/shared/system/endpoints';
import type { ModuleContext } from '../../lib/module';
import { paginationMeta } from '../../lib/pagination';
import { toOutboxMail } from './mail.mapper';
import { pageOfMails } from './mail.repository';

/** The super admin's outbox: every mail the installation sent, queued, failed or kept. */
export function mailRoutes({ route, deps }: ModuleContext) {
  route(api.outbox, async ({ query }) => {
    const { rows, total } = await pageOfMails(deps.db, query);
    return { data: rows.map(toOutboxMail), meta: paginationMeta(query.page, query.per_page, total) };
  });
}
