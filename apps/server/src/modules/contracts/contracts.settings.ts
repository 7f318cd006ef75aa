import {
  type ContractSettingsFields,
  type ContractSettingsPatch,
  reconcilePrivacy,
} from '@vahub/shared/contracts/settings';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { audit } from '../../platform/audit-trail';
import { contractDefaultsOf } from '../organizations/public';
import { toSettings } from './contracts.mapper';
import { contractsVisibleTo } from './contracts.scope';
import { contractSettings, contracts } from './contracts.table';

/** API fields → columns. */
export const settingsValues = (contractId: number, s: ContractSettingsFields) => ({
  contractId,
  screenshotsEnabled: s.screenshots_enabled,
  screenshotsPerHour: s.screenshots_per_hour,
  blurScreenshots: s.blur_screenshots,
  screenshotPrivacy: s.screenshot_privacy,
  screenshotsOnDemand: s.screenshots_on_demand,
  screenshotNotice: s.screenshot_notice,
  vaMayMuteScreenshotNotice: s.va_may_mute_screenshot_notice,
  idleTimeoutMinutes: s.idle_timeout_minutes,
  lateGraceMinutes: s.late_grace_minutes,
  earlyClockInMinutes: s.early_clock_in_minutes,
  overtimeAllowed: s.overtime_allowed,
  maxOvertimeMinutes: s.max_overtime_minutes,
  timesheetApprovalRequired: s.timesheet_approval_required,
  vacationDaysPerYear: s.vacation_days_per_year,
  sickDaysPerYear: s.sick_days_per_year,
});

/**
 * `patch` over `base`, with the privacy tier and the spec's two booleans saying one thing (the tier wins when
 * sent; else the booleans sent set the tier). Every create, replace and patch of settings goes through it.
 */
export const settingsWith = (base: ContractSettingsFields, patch: ContractSettingsPatch) =>
  reconcilePrivacy({ ...base, ...patch }, patch);

async function visibleContractId(db: Db, viewer: Viewer, id: number) {
  const [row] = await db
    .select({ id: contracts.id, organizationId: contracts.organizationId })
    .from(contracts)
    .where(and(contractsVisibleTo(viewer), eq(contracts.id, id)));
  if (!row) throw notFound('Contract');
  return row;
}

/** `POST contracts/settings`: creates or replaces; fields not sent take the organization's defaults. */
export async function putSettings(
  deps: Deps,
  viewer: Viewer,
  input: ContractSettingsPatch & { contract_id: number },
) {
  const { contract_id, ...fields } = input;
  const contract = await visibleContractId(deps.db, viewer, contract_id);
  const defaults = await contractDefaultsOf(deps, contract.organizationId);
  const values = settingsValues(contract_id, settingsWith(defaults, fields));
  return deps.transaction(async ({ tx }) => {
    const [before] = await tx
      .select()
      .from(contractSettings)
      .where(eq(contractSettings.contractId, contract_id));
    const [row] = await tx
      .insert(contractSettings)
      .values(values)
      .onConflictDoUpdate({
        target: contractSettings.contractId,
        set: { ...values, updatedAt: deps.clock.now() },
      })
      .returning();
    await audit(tx, {
      organizationId: contract.organizationId,
      actorId: viewer.userId,
      action: before ? 'contract_settings.replaced' : 'contract_settings.created',
      entityType: 'contract_settings',
      entityId: row.id,
      before: before ?? null,
      after: row,
    });
    return toSettings(row);
  });
}

/** `PATCH contracts/settings/{id}` (the settings row's id): changes only the fields sent. */
export async function patchSettings(deps: Deps, viewer: Viewer, id: number, fields: ContractSettingsPatch) {
  const [found] = await deps.db
    .select({ settings: contractSettings, organizationId: contracts.organizationId })
    .from(contractSettings)
    .innerJoin(contracts, eq(contracts.id, contractSettings.contractId))
    .where(and(contractsVisibleTo(viewer), eq(contractSettings.id, id)));
  if (!found) throw notFound('Contract settings');
  const before = found.settings;
  const merged = settingsWith(toSettings(before), fields);
  const { contractId: _c, ...values } = settingsValues(before.contractId, merged);
  return deps.transaction(async ({ tx }) => {
    const [row] = await tx
      .update(contractSettings)
      .set({ ...values, updatedAt: deps.clock.now() })
      .where(eq(contractSettings.id, id))
      .returning();
    await audit(tx, {
      organizationId: found.organizationId,
      actorId: viewer.userId,
      action: 'contract_settings.updated',
      entityType: 'contract_settings',
      entityId: id,
      before,
      after: row,
    });
    return toSettings(row);
  });
}
