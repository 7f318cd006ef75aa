import { AI_MESSAGES } from '@vahub/shared/ai/messages';
import type { AttendanceResult } from '@vahub/shared/ai/schemas';
import { and, desc, eq } from 'drizzle-orm';
import { AppError, notFound } from '../../lib/errors';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import type { UnitOfWork } from '../../platform/transaction';
import { type EvidenceShift, evidenceShift } from '../attendance/public';
import { peopleByIds } from '../people/public';
import { aliasesFor } from './ai.aliases';
import { analyse } from './ai.analyse';
import { packOfShift } from './ai.pack-reader';
import { resolvePrompt } from './ai.prompts';
import { settingsOf } from './ai.settings';
import { aiResults } from './ai.table';

export const ANALYSE_QUEUE = 'ai.analyse-attendance';

type ResultRow = typeof aiResults.$inferSelect;

export const toResult = (r: ResultRow): AttendanceResult => ({
  id: r.id,
  attendance_id: r.attendanceId,
  va_id: r.vaId,
  status: r.status,
  prompt_id: r.promptId,
  prompt_version: r.promptVersion,
  model: r.model,
  markdown: r.markdown,
  claims: r.claims,
  signals: r.signals,
  dropped_claims: r.droppedClaims,
  tokens: r.tokens,
  input_hash: r.inputHash,
  created_at: r.createdAt.toISOString(),
  error: r.error,
  note: r.note,
  note_at: r.noteAt?.toISOString() ?? null,
});

/** 409 when the organization turned AI off. */
export async function assertAiOn(deps: Deps, organizationId: number) {
  const settings = await settingsOf(deps.db, organizationId);
  if (!settings.enabled) throw new AppError('conflict', AI_MESSAGES.turned_off);
}

/** Queues one result for a shift (inside the caller's transaction: the job exists exactly when the row does). */
export async function queueResult(
  deps: Deps,
  uow: UnitOfWork,
  shift: EvidenceShift,
  prompt: { id: string; version: number },
  extra: { requestedBy: number | null; batchId?: number },
) {
  const [row] = await uow.tx
    .insert(aiResults)
    .values({
      organizationId: shift.organizationId,
      attendanceId: shift.id,
      vaId: shift.vaId,
      clientId: shift.clientId,
      promptId: prompt.id,
      promptVersion: prompt.version,
      requestedBy: extra.requestedBy,
      batchId: extra.batchId ?? null,
      createdAt: deps.clock.now(),
      updatedAt: deps.clock.now(),
    })
    .returning();
  await deps.jobs.send(uow, ANALYSE_QUEUE, { resultId: row.id }, { singletonKey: `ai-result-${row.id}` });
  return row;
}

/** `POST lm/process-attendance`: 404 for a shift out of scope or an unknown prompt, 409 with AI off. */
export async function processAttendance(
  deps: Deps,
  viewer: Viewer,
  body: { attendance_id: number; prompt_id: string },
) {
  const shift = await evidenceShift(deps.db, viewer.organizationId, body.attendance_id, viewer);
  if (!shift) throw notFound('Attendance');
  const prompt = await resolvePrompt(deps.db, viewer.organizationId, body.prompt_id);
  if (!prompt) throw notFound('Prompt');
  await assertAiOn(deps, viewer.organizationId);
  const row = await deps.transaction((uow) =>
    queueResult(deps, uow, shift, prompt, { requestedBy: viewer.userId }),
  );
  return toResult(row);
}

/** `GET lm/attendance-results`: exactly the people who may see the shift see its results (404 otherwise). */
export async function listResults(deps: Deps, viewer: Viewer, attendanceId: number) {
  const shift = await evidenceShift(deps.db, viewer.organizationId, attendanceId, viewer);
  if (!shift) throw notFound('Attendance');
  const rows = await deps.db
    .select()
    .from(aiResults)
    .where(and(eq(aiResults.attendanceId, attendanceId), eq(aiResults.organizationId, viewer.organizationId)))
    .orderBy(desc(aiResults.createdAt), desc(aiResults.id));
  return { data: rows.map(toResult) };
}

/** The VA's note on a result about them (another's result: 404). */
export async function addNote(deps: Deps, viewer: Viewer, id: number, note: string) {
  const [row] = await deps.db
    .update(aiResults)
    .set({ note, noteAt: deps.clock.now(), updatedAt: deps.clock.now() })
    .where(
      and(
        eq(aiResults.id, id),
        eq(aiResults.organizationId, viewer.organizationId),
        eq(aiResults.vaId, viewer.userId),
      ),
    )
    .returning();
  if (!row) throw notFound('Result');
  await announce(deps, row);
  return toResult(row);
}

const announce = (deps: Deps, row: ResultRow) =>
  deps.realtime.publish(
    { type: 'ai.result', data: { result_id: row.id, attendance_id: row.attendanceId, status: row.status } },
    { organizationId: row.organizationId, aboutVa: row.vaId },
  );

/**
 * The job: builds the shift's pack, analyses it, stores the outcome. Whatever goes wrong ends the result as
 * `failed` with a plain reason; a result already finished (a job run twice) is left alone.
 */
export async function runResult(deps: Deps, resultId: number) {
  const [row] = await deps.db
    .update(aiResults)
    .set({ status: 'running', updatedAt: deps.clock.now() })
    .where(and(eq(aiResults.id, resultId), eq(aiResults.status, 'queued')))
    .returning();
  if (!row) return;
  await announce(deps, row);
  let outcome: Partial<ResultRow>;
  try {
    const shift = await evidenceShift(deps.db, row.organizationId, row.attendanceId, null);
    const prompt = await resolvePrompt(deps.db, row.organizationId, row.promptId);
    if (!shift || !prompt) {
      outcome = {
        status: 'failed',
        error: shift ? 'The prompt was deleted before the analysis ran.' : 'The attendance no longer exists.',
      };
    } else {
      const settings = await settingsOf(deps.db, row.organizationId);
      const aliases = aliasesFor([shift.vaId]);
      const names = new Map([...(await peopleByIds(deps.db, [shift.vaId]))].map(([id, p]) => [id, p.name]));
      const pack = await packOfShift(
        deps.db,
        shift,
        aliases.get(shift.vaId) as string,
        settings.windowTitles,
      );
      const a = await analyse(deps, {
        organizationId: row.organizationId,
        packs: [pack],
        prompt,
        aliases,
        names,
      });
      // An analysis is what a row stores of it, field for field.
      outcome = { ...a, promptVersion: prompt.version };
    }
  } catch (error) {
    deps.log.error({ err: error, resultId }, 'ai: analysis failed');
    outcome = { status: 'failed', error: 'The analysis failed unexpectedly.' };
  }
  const [done] = await deps.db
    .update(aiResults)
    .set({ ...outcome, updatedAt: deps.clock.now() })
    .where(eq(aiResults.id, resultId))
    .returning();
  await announce(deps, done);
}
