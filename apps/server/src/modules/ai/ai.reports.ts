import type { AiReport } from '@vahub/shared/ai/schemas';
import { and, desc, eq } from 'drizzle-orm';
import { notFound } from '../../lib/errors';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { evidenceShiftsOfPeriod } from '../attendance/public';
import { peopleByIds } from '../people/public';
import { aliasesFor, restoreNames } from './ai.aliases';
import { analyse } from './ai.analyse';
import { packOfShift } from './ai.pack-reader';
import { resolvePrompt } from './ai.prompts';
import { assertAiOn } from './ai.results';
import { assertVasInScope, clientFilterOf } from './ai.scope';
import { settingsOf } from './ai.settings';
import { aiReports } from './ai.table';

export const REPORT_QUEUE = 'ai.generate-report';

type ReportRow = typeof aiReports.$inferSelect;

const toReport = (r: ReportRow): AiReport => ({
  id: r.id,
  start_date: r.startDate,
  end_date: r.endDate,
  va_ids: r.vaIds,
  prompt_id: r.promptId,
  status: r.status,
  model: r.model,
  markdown: r.markdown,
  claims: r.claims,
  signals: r.signals,
  dropped_claims: r.droppedClaims,
  tokens: r.tokens,
  input_hash: r.inputHash,
  error: r.error,
  created_at: r.createdAt.toISOString(),
});

type PeriodBody = { start_date: string; end_date: string; va_ids?: number[]; prompt_id?: string };

/**
 * Queues a report over a period: the VAs named (each in scope, else 404) or every VA with a shift the requester
 * sees in it. A job writes it, streaming the text to the requester (`ai.report` messages).
 */
export async function generateReport(deps: Deps, viewer: Viewer, body: PeriodBody) {
  const named = await assertVasInScope(deps, viewer, body.va_ids);
  const prompt = await resolvePrompt(deps.db, viewer.organizationId, body.prompt_id ?? 'attendance_summary');
  if (!prompt) throw notFound('Prompt');
  await assertAiOn(deps, viewer.organizationId);
  const vaIds =
    named ??
    [
      ...new Set(
        (
          await evidenceShiftsOfPeriod(
            deps.db,
            viewer.organizationId,
            { startDate: body.start_date, endDate: body.end_date, clientId: clientFilterOf(viewer) },
            viewer,
          )
        ).map((s) => s.vaId),
      ),
    ].sort((a, b) => a - b);
  const row = await deps.transaction(async (uow) => {
    const [r] = await uow.tx
      .insert(aiReports)
      .values({
        organizationId: viewer.organizationId,
        requestedBy: viewer.userId,
        startDate: body.start_date,
        endDate: body.end_date,
        vaIds,
        promptId: prompt.id,
        promptVersion: prompt.version,
        createdAt: deps.clock.now(),
      })
      .returning();
    await deps.jobs.send(
      uow,
      REPORT_QUEUE,
      { reportId: r.id, clientId: clientFilterOf(viewer) },
      { singletonKey: `ai-report-${r.id}` },
    );
    return r;
  });
  return toReport(row);
}

export async function listReports(deps: Deps, viewer: Viewer) {
  const rows = await deps.db
    .select()
    .from(aiReports)
    .where(and(eq(aiReports.organizationId, viewer.organizationId), eq(aiReports.requestedBy, viewer.userId)))
    .orderBy(desc(aiReports.id))
    .limit(100);
  return { data: rows.map(toReport) };
}

export async function reportDetail(deps: Deps, viewer: Viewer, id: number) {
  const [row] = await deps.db
    .select()
    .from(aiReports)
    .where(
      and(
        eq(aiReports.id, id),
        eq(aiReports.organizationId, viewer.organizationId),
        eq(aiReports.requestedBy, viewer.userId),
      ),
    );
  if (!row) throw notFound('Report');
  return toReport(row);
}

/** Blocks of a report stay out of what the model reads: a period's shifts keep their summary facts and signals. */
const forPeriod = <T extends { facts: Array<{ kind: string }> }>(p: T): T => ({
  ...p,
  facts: p.facts.filter((f) => f.kind !== 'block'),
});

/** The job: packs every shift of the period for the report's VAs, analyses them streaming, keeps the report. */
export async function runReport(deps: Deps, reportId: number, clientId: number | null) {
  const [row] = await deps.db
    .update(aiReports)
    .set({ status: 'running' })
    .where(and(eq(aiReports.id, reportId), eq(aiReports.status, 'queued')))
    .returning();
  if (!row) return;
  let seq = 0;
  const send = (status: 'running' | 'done' | 'failed', delta?: string) =>
    deps.realtime.publish(
      { type: 'ai.report', data: { report_id: row.id, seq: seq++, status, ...(delta ? { delta } : {}) } },
      { userIds: [row.requestedBy] },
    );
  // Pieces go out in order: each publish waits for the one before.
  let chain: Promise<void> = Promise.resolve();
  const emit = (text: string) => {
    if (text) chain = chain.then(() => send('running', text)).catch(() => {});
  };
  // The requester reads names, not aliases, as the text arrives: the text is sent up to its last whitespace (an
  // alias never spans one), with the names put back; the rest waits for the next piece.
  let restore = (text: string) => text;
  let pending = '';
  const onText = (delta: string) => {
    pending += delta;
    const cut = Math.max(pending.lastIndexOf(' '), pending.lastIndexOf('\n'));
    if (cut < 0) return;
    emit(restore(pending.slice(0, cut + 1)));
    pending = pending.slice(cut + 1);
  };
  let outcome: Partial<ReportRow>;
  try {
    const prompt = await resolvePrompt(deps.db, row.organizationId, row.promptId);
    if (!prompt) throw new Error('prompt gone');
    const settings = await settingsOf(deps.db, row.organizationId);
    const shifts = row.vaIds.length
      ? await evidenceShiftsOfPeriod(
          deps.db,
          row.organizationId,
          { startDate: row.startDate, endDate: row.endDate, vaIds: row.vaIds, clientId },
          null,
        )
      : [];
    const aliases = aliasesFor(row.vaIds);
    const names = new Map([...(await peopleByIds(deps.db, row.vaIds))].map(([id, p]) => [id, p.name]));
    restore = (text) => restoreNames(text, aliases, names);
    const packs = [];
    for (const shift of shifts) {
      packs.push(
        forPeriod(
          await packOfShift(deps.db, shift, aliases.get(shift.vaId) as string, settings.windowTitles),
        ),
      );
    }
    const a = await analyse(deps, {
      organizationId: row.organizationId,
      packs,
      prompt,
      aliases,
      names,
      onText,
    });
    // An analysis is what a row stores of it, field for field.
    outcome = { ...a };
  } catch (error) {
    deps.log.error({ err: error, reportId }, 'ai: report failed');
    outcome = { status: 'failed', error: 'The report failed unexpectedly.' };
  }
  emit(restore(pending));
  await deps.db.update(aiReports).set(outcome).where(eq(aiReports.id, reportId));
  await chain;
  await send(outcome.status === 'done' ? 'done' : 'failed');
}
