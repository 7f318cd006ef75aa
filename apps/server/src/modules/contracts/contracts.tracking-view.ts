import type { ScreenshotNoticeMode } from '@vahub/shared/contracts/settings';
import type { ScreenshotPrivacy } from '@vahub/shared/screenshots/privacy';
import { and, eq, inArray, ne, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contractSettings, contracts } from './contracts.table';

/** What a tracker (and the attendance module's tracker protocol) needs to know of a contract. */
export type TrackingTerms = {
  contractId: number;
  title: string;
  status: (typeof contracts.$inferSelect)['status'];
  timezone: string;
  idleTimeoutMinutes: number;
  lateGraceMinutes: number;
  earlyClockInMinutes: number;
  screenshotsEnabled: boolean;
  screenshotsPerHour: number;
  blurScreenshots: boolean;
  screenshotPrivacy: ScreenshotPrivacy;
  screenshotsOnDemand: boolean;
  screenshotNotice: ScreenshotNoticeMode;
  vaMayMuteScreenshotNotice: boolean;
};

// A contract always gets its settings row when it is created; these are the same defaults as the columns',
// for a row that is somehow missing (so the tracker still gets honest figures instead of a failure).
const DEFAULTS = {
  idleTimeoutMinutes: 5,
  lateGraceMinutes: 5,
  earlyClockInMinutes: 15,
  screenshotsEnabled: true,
  screenshotsPerHour: 6,
  blurScreenshots: false,
  screenshotPrivacy: 'full',
  screenshotsOnDemand: true,
  screenshotNotice: 'each',
  vaMayMuteScreenshotNotice: false,
} as const;

/** The tracking terms of these contracts (one query), by contract id; unknown ids are absent. */
export async function trackingTermsOf(
  db: Db,
  contractIds: Iterable<number>,
): Promise<Map<number, TrackingTerms>> {
  const ids = [...new Set(contractIds)];
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      contractId: contracts.id,
      title: contracts.title,
      status: contracts.status,
      timezone: contracts.timezone,
      idleTimeoutMinutes: contractSettings.idleTimeoutMinutes,
      lateGraceMinutes: contractSettings.lateGraceMinutes,
      earlyClockInMinutes: contractSettings.earlyClockInMinutes,
      screenshotsEnabled: contractSettings.screenshotsEnabled,
      screenshotsPerHour: contractSettings.screenshotsPerHour,
      blurScreenshots: contractSettings.blurScreenshots,
      screenshotPrivacy: contractSettings.screenshotPrivacy,
      screenshotsOnDemand: contractSettings.screenshotsOnDemand,
      screenshotNotice: contractSettings.screenshotNotice,
      vaMayMuteScreenshotNotice: contractSettings.vaMayMuteScreenshotNotice,
    })
    .from(contracts)
    .leftJoin(contractSettings, eq(contractSettings.contractId, contracts.id))
    .where(inArray(contracts.id, ids));
  return new Map(
    rows.map((r) => [
      r.contractId,
      {
        contractId: r.contractId,
        title: r.title,
        status: r.status,
        timezone: r.timezone,
        idleTimeoutMinutes: r.idleTimeoutMinutes ?? DEFAULTS.idleTimeoutMinutes,
        lateGraceMinutes: r.lateGraceMinutes ?? DEFAULTS.lateGraceMinutes,
        earlyClockInMinutes: r.earlyClockInMinutes ?? DEFAULTS.earlyClockInMinutes,
        screenshotsEnabled: r.screenshotsEnabled ?? DEFAULTS.screenshotsEnabled,
        screenshotsPerHour: r.screenshotsPerHour ?? DEFAULTS.screenshotsPerHour,
        blurScreenshots: r.blurScreenshots ?? DEFAULTS.blurScreenshots,
        screenshotPrivacy: r.screenshotPrivacy ?? DEFAULTS.screenshotPrivacy,
        screenshotsOnDemand: r.screenshotsOnDemand ?? DEFAULTS.screenshotsOnDemand,
        screenshotNotice: r.screenshotNotice ?? DEFAULTS.screenshotNotice,
        vaMayMuteScreenshotNotice: r.vaMayMuteScreenshotNotice ?? DEFAULTS.vaMayMuteScreenshotNotice,
      },
    ]),
  );
}

/**
 * Whether a contract's terms that ping ingest applies (the idle timeout, the privacy tier) still are `terms`, as
 * SQL (`contractId` a column of the outer query): ingest's one-statement path checks the terms it computed with
 * in the statement that writes, so a change of the settings is never missed. The terms may be placeholders (a
 * statement built once, `sql.placeholder`).
 */
export const trackingTermsStillSql = (
  contractId: SQLWrapper,
  terms: { idleTimeoutMinutes: number | SQLWrapper; screenshotPrivacy: ScreenshotPrivacy | SQLWrapper },
): SQL<boolean> =>
  sql<boolean>`coalesce((select ${contractSettings.idleTimeoutMinutes} = ${terms.idleTimeoutMinutes}::int and ${contractSettings.screenshotPrivacy} = ${terms.screenshotPrivacy}::text from ${contractSettings} where ${contractSettings.contractId} = ${contractId}), ${terms.idleTimeoutMinutes}::int = ${DEFAULTS.idleTimeoutMinutes}::int and ${terms.screenshotPrivacy}::text = ${DEFAULTS.screenshotPrivacy}::text)`;

/**
 * Whether a contract of the VA (in the organization, not ended) lets the VA turn the notices of scheduled
 * screenshots off (issue 32): the VA's own switch is refused where none does.
 */
export async function vaMayMuteScreenshotNotice(db: Db, organizationId: number, vaId: number) {
  const [row] = await db
    .select({ id: contracts.id })
    .from(contracts)
    .innerJoin(contractSettings, eq(contractSettings.contractId, contracts.id))
    .where(
      and(
        eq(contracts.organizationId, organizationId),
        eq(contracts.vaId, vaId),
        ne(contracts.status, 'ended'),
        eq(contractSettings.vaMayMuteScreenshotNotice, true),
      ),
    )
    .limit(1);
  return !!row;
}
