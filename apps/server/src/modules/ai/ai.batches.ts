import { AI_MESSAGES } from '@vahub/shared/ai/messages';
import { msg } from '@vahub/shared/api/messages';
import { addDays } from '@vahub/shared/time/dates';
import { instantToZoned, localDate } from '@vahub/shared/time/zoned';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { AppError, notFound } from '../../lib/errors';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { evidenceShiftsOfPeriod, organizationsWithShiftsOn } from '../attendance/public';
import { organizationTimezone } from '../organizations/public';
import { peopleByIds } from '../people/public';
import { resolvePrompt } from './ai.prompts';
import { assertAiOn, queueResult, toResult } from './ai.results';
import { assertVasInScope, clientFilterOf } from './ai.scope';
import { settingsOf } from './ai.settings';
import { aiBatches, aiResults } from './ai.table';

export const NIGHTLY_QUEUE = 'ai.nightly-batches';
/** A batch summarises at most this many shifts (a longer period: several batches). */
export const MAX_BATCH_SHIFTS = 500;

type BatchRow = typeof aiBatches.$inferSelect;
type PeriodBody = { start_date: string; end_date: string; va_ids?: number[]; prompt_id?: string };

async function progressOf(deps: Deps, ids: number[]) {
  if (!ids.length) return new Map<number, { done: number; failed: number; running: number }>();
  const rows = await deps.db
    .select({
      batchId: aiResults.batchId,
      done: sql<number>`count(*) filter (where ${aiResults.status} = 'done')::int`,
      failed: sql<number>`count(*) filter (where ${aiResults.status} = 'failed')::int`,
      running: sql<number>`count(*) filter (where ${aiResults.status} = 'running')::int`,
    })
    .from(aiResults)
    .where(inArray(aiResults.batchId, ids))
    .groupBy(aiResults.batchId);
  return new Map(
    rows.map((r) => [r.batchId as number, { done: r.done, failed: r.failed, running: r.running }]),
  );
}

const toBatch = (b: BatchRow, p = { done: 0, failed: 0, running: 0 }) => ({
  id: b.id,
  start_date: b.startDate,
  end_date: b.endDate,
  va_ids: b.vaIds,
  prompt_id: b.promptId,
  status:
    p.done + p.failed >= b.total
      ? ('done' as const)
      : p.running || p.done || p.failed
        ? ('running' as const)
        : ('queued' as const),
  nightly: b.nightly,
  total: b.total,
  done: p.done,
  failed: p.failed,
  created_at: b.createdAt.toISOString(),
});

/** Queues a batch: one result per shift of the period the requester may see (a client: their contracts' shifts). */
export async function createBatch(deps: Deps, viewer: Viewer, body: PeriodBody) {
  const vaIds = await assertVasInScope(deps, viewer, body.va_ids);
  const prompt = await resolvePrompt(deps.db, viewer.organizationId, body.prompt_id ?? 'attendance_summary');
  if (!prompt) throw notFound('Prompt');
  await assertAiOn(deps, viewer.organizationId);
  const shifts = await evidenceShiftsOfPeriod(
    deps.db,
    viewer.organizationId,
    { startDate: body.start_date, endDate: body.end_date, vaIds, clientId: clientFilterOf(viewer) },
    viewer,
  );
  if (shifts.length > MAX_BATCH_SHIFTS) {
    const message = msg(AI_MESSAGES.batch_too_big, { max: MAX_BATCH_SHIFTS });
    throw new AppError('validation', message, { end_date: [message] });
  }
  const batch = await deps.transaction(async (uow) => {
    const [row] = await uow.tx
      .insert(aiBatches)
      .values({
        organizationId: viewer.organizationId,
        requestedBy: viewer.userId,
        requesterRole: viewer.role === 'client' ? 'client' : 'admin',
        startDate: body.start_date,
        endDate: body.end_date,
        vaIds,
        promptId: prompt.id,
        total: shifts.length,
        createdAt: deps.clock.now(),
      })
      .returning();
    for (const shift of shifts)
      await queueResult(deps, uow, shift, prompt, { requestedBy: viewer.userId, batchId: row.id });
    return row;
  });
  return toBatch(batch);
}

/** An admin sees the organization's admin batches (the nightly ones too); a client their own. */
const visible = (viewer: Viewer) =>
  viewer.role === 'client'
    ? and(eq(aiBatches.organizationId, viewer.organizationId), eq(aiBatches.requestedBy, viewer.userId))
    : and(eq(aiBatches.organizationId, viewer.organizationId), eq(aiBatches.requesterRole, 'admin'));

export async function listBatches(deps: Deps, viewer: Viewer) {
  const rows = await deps.db
    .select()
    .from(aiBatches)
    .where(visible(viewer))
    .orderBy(desc(aiBatches.id))
    .limit(100);
  const progress = await progressOf(
    deps,
    rows.map((r) => r.id),
  );
  return { data: rows.map((r) => toBatch(r, progress.get(r.id))) };
}

export async function batchDetail(deps: Deps, viewer: Viewer, id: number) {
  const [row] = await deps.db
    .select()
    .from(aiBatches)
    .where(and(eq(aiBatches.id, id), visible(viewer)));
  if (!row) throw notFound('Batch');
  const [progress, results] = await Promise.all([
    progressOf(deps, [row.id]),
    deps.db
      .select()
      .from(aiResults)
      .where(eq(aiResults.batchId, row.id))
      .orderBy(aiResults.vaId, aiResults.attendanceId),
  ]);
  const names = await peopleByIds(
    deps.db,
    results.map((r) => r.vaId),
  );
  const byVa = new Map<number, ReturnType<typeof toResult>[]>();
  for (const r of results) byVa.set(r.vaId, [...(byVa.get(r.vaId) ?? []), toResult(r)]);
  return {
    ...toBatch(row, progress.get(row.id)),
    vas: [...byVa].map(([vaId, list]) => ({
      va_id: vaId,
      name: names.get(vaId)?.name ?? `#${vaId}`,
      results: list,
    })),
  };
}

/** The hour of an organization's own day from which its yesterday counts as over (shifts past midnight ended). */
export const NIGHTLY_LOCAL_HOUR = 2;

/**
 * The organizations whose yesterday (in their own zone) is over at `now`, with that date: each is one of three UTC
 * dates, as zones run from UTC−12 to UTC+14.
 */
async function organizationsDue(deps: Deps, now: Date) {
  const utcToday = localDate(now, 'UTC');
  const due: Array<{ organizationId: number; yesterday: string }> = [];
  for (const date of [addDays(utcToday, -2), addDays(utcToday, -1), utcToday]) {
    for (const organizationId of await organizationsWithShiftsOn(deps.db, date)) {
      const local = instantToZoned(now, await organizationTimezone(deps.db, organizationId));
      if (addDays(local.date, -1) === date && local.minute >= NIGHTLY_LOCAL_HOUR * 60)
        due.push({ organizationId, yesterday: date });
    }
  }
  return due;
}

/**
 * Nightly: the shifts of every organization with AI on, of its yesterday in its own zone (the organization's
 * timezone), one batch each (none when it has no shift). Runs every hour: an organization is due once its day is
 * `NIGHTLY_LOCAL_HOUR` hours old, and a batch already made for that date is not made again.
 */
export async function nightlyBatches(deps: Deps) {
  for (const { organizationId, yesterday } of await organizationsDue(deps, deps.clock.now())) {
    if (!(await settingsOf(deps.db, organizationId)).enabled) continue;
    const [already] = await deps.db
      .select({ id: aiBatches.id })
      .from(aiBatches)
      .where(
        and(
          eq(aiBatches.organizationId, organizationId),
          eq(aiBatches.nightly, true),
          eq(aiBatches.startDate, yesterday),
        ),
      );
    if (already) continue;
    const prompt = await resolvePrompt(deps.db, organizationId, 'attendance_summary');
    if (!prompt) continue;
    const shifts = await evidenceShiftsOfPeriod(
      deps.db,
      organizationId,
      { startDate: yesterday, endDate: yesterday },
      null,
    );
    await deps.transaction(async (uow) => {
      const [row] = await uow.tx
        .insert(aiBatches)
        .values({
          organizationId,
          requestedBy: null,
          requesterRole: 'admin',
          startDate: yesterday,
          endDate: yesterday,
          vaIds: null,
          promptId: prompt.id,
          nightly: true,
          total: shifts.length,
          createdAt: deps.clock.now(),
        })
        .returning();
      for (const shift of shifts)
        await queueResult(deps, uow, shift, prompt, { requestedBy: null, batchId: row.id });
    });
  }
}
