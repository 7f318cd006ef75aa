import { type SQL, sql } from 'drizzle-orm';
import { notFound } from '../../lib/errors';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { idsWithRole } from '../people/public';

/**
 * The VAs named in a period request, each a VA of the organization in the viewer's scope (an admin: any; a client:
 * those working for them), or 404 as for any row the viewer may not see. Null when none are named.
 */
export async function assertVasInScope(deps: Deps, viewer: Viewer, vaIds: number[] | undefined) {
  if (!vaIds?.length) return null;
  const ids = [...new Set(vaIds)];
  const vas = await idsWithRole(deps.db, viewer.organizationId, ids, 'va');
  const visible = await deps.db.execute<{ id: number }>(
    sql`select t.id from unnest(${`{${ids.join(',')}}`}::int[]) as t(id) where ${viewer.scope.vas(sql`t.id` as SQL)}`,
  );
  const seen = new Set((visible as unknown as { rows: Array<{ id: number }> }).rows.map((r) => Number(r.id)));
  if (ids.some((id) => !vas.has(id) || !seen.has(id))) throw notFound('Virtual assistant');
  return ids.sort((a, b) => a - b);
}

/** A client's period covers only the shifts of their own contracts; an admin's every shift of the organization. */
export const clientFilterOf = (viewer: Viewer) => (viewer.role === 'client' ? viewer.userId : null);
