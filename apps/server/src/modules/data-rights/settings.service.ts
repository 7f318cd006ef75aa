import { type DataRightsSettings, ERASE_AFTER_DAYS } from '@vahub/shared/data-rights/schemas';
import { eq } from 'drizzle-orm';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { audit } from '../../platform/audit-trail';
import { dataRightsSettings } from './data-rights.table';

/** The organization's erasure period (issue 33). */
export async function readDataRightsSettings(
  deps: Pick<Deps, 'db'>,
  viewer: Viewer,
): Promise<DataRightsSettings> {
  const [row] = await deps.db
    .select({ days: dataRightsSettings.eraseAfterDays })
    .from(dataRightsSettings)
    .where(eq(dataRightsSettings.organizationId, viewer.organizationId));
  return { erase_after_days: row?.days ?? ERASE_AFTER_DAYS.default };
}

export async function updateDataRightsSettings(
  deps: Deps,
  viewer: Viewer,
  input: DataRightsSettings,
): Promise<DataRightsSettings> {
  const before = await readDataRightsSettings(deps, viewer);
  await deps.transaction(async ({ tx }) => {
    const values = { eraseAfterDays: input.erase_after_days, updatedAt: deps.clock.now() };
    await tx
      .insert(dataRightsSettings)
      .values({ organizationId: viewer.organizationId, ...values })
      .onConflictDoUpdate({ target: dataRightsSettings.organizationId, set: values });
    await audit(tx, {
      organizationId: viewer.organizationId,
      actorId: viewer.userId,
      action: 'settings.data_rights_updated',
      entityType: 'organization',
      entityId: viewer.organizationId,
      before,
      after: input,
    });
  });
  return { erase_after_days: input.erase_after_days };
}
