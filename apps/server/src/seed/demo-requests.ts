import { randomUUID } from 'node:crypto';
import { isLeaveType } from '@vahub/shared/requests/schemas';
import { addDays, mondayOf } from '@vahub/shared/time/dates';
import { localDate } from '@vahub/shared/time/zoned';
import { and, asc, between, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { attendances, contracts, userRequests, users } from '../db/schema';
import { AppError } from '../lib/errors';
import { loadPdfKit, loadSharp } from '../lib/lazy-modules';
import { type RequestTerms, requestTermsOf } from '../modules/contracts/public';
import { planRequest, type RequestDraft, workingDates } from '../modules/requests/public';
import { domainEvents } from '../platform/events/events.table';
import type { ObjectStorage } from '../platform/storage/types';

const HOUR = 3_600_000;

/** A one-page PDF with a few lines of text (a doctor's note, a plan), as a VA would attach. */
async function notePdf(title: string, lines: string[]): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A5', margin: 40, info: { Title: title } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font('Helvetica-Bold').fontSize(16).text(title);
    doc.moveDown().font('Helvetica').fontSize(11);
    for (const line of lines) doc.text(line).moveDown(0.5);
    doc.end();
  });
}

/** A small picture standing in for a screenshot of finished work. */
const workPng = async () =>
  (await loadSharp())({ create: { width: 320, height: 200, channels: 3, background: '#e8eef7' } })
    .composite([
      {
        input: { create: { width: 280, height: 24, channels: 3, background: '#3b5bdb' } },
        left: 20,
        top: 20,
      },
      {
        input: { create: { width: 200, height: 100, channels: 3, background: '#ffffff' } },
        left: 20,
        top: 60,
      },
    ])
    .png()
    .toBuffer();

type File = { bytes: Buffer; name: string; type: 'application/pdf' | 'image/png' };
type Decision = { status: 'approved' | 'rejected'; by: number; note: string | null };
type Ask = {
  terms: RequestTerms;
  draft: RequestDraft;
  details: string;
  file?: File;
  decision?: Decision;
  hoursAgo: number;
};

/**
 * A few requests for the demo (runs once the attendance history exists), so the request screens are not empty:
 * for the demo VA a pending sick leave with a doctor's note, an approved vacation in the coming weeks (its shifts
 * on leave, those the engine builds later too), a rejected overtime with the reason, a pending make-up shift; for
 * two other VAs a pending vacation and an approved sick leave. Each passes the same rules as the API (one that
 * does not fit the demo's schedules is left out), and raises the events the API raises, so notifications follow.
 */
export async function seedDemoRequests(
  db: Db,
  storage: ObjectStorage,
  log: { info(msg: string): void },
  now = new Date(),
) {
  const [existing] = await db
    .select({ id: userRequests.id })
    .from(userRequests)
    .where(eq(userRequests.organizationId, 1))
    .limit(1);
  if (existing) return;
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(sql`lower(${users.email})`, ['admin@example.com', 'manager@example.com', 'va@example.com']),
    );
  const id = (email: string) => people.find((p) => p.email.toLowerCase() === email)?.id;
  const admin = id('admin@example.com');
  const manager = id('manager@example.com') ?? admin;
  const va = id('va@example.com');
  if (!admin || !manager || !va) return;

  const active = await db
    .select({ id: contracts.id, vaId: contracts.vaId })
    .from(contracts)
    .where(and(eq(contracts.organizationId, 1), eq(contracts.status, 'active')))
    .orderBy(asc(contracts.id));
  const termsOf = async (contractId: number | undefined) =>
    contractId ? requestTermsOf(db, contractId, 1) : null;
  const main = await termsOf(active.find((c) => c.vaId === va)?.id);
  const others = active.filter((c) => c.vaId !== va);
  const second = await termsOf(others[0]?.id);
  const third = await termsOf(others.find((c) => c.vaId !== others[0]?.vaId)?.id);

  const asks: Ask[] = [];
  const doctorsNote = await notePdf('Medical certificate', [
    'The patient was seen today and is unfit for work for one day.',
    'Dr. R. Villanueva, Makati Medical Center',
  ]);
  if (main) {
    const today = localDate(now, main.timezone);
    const nextDay = workingDates(main, addDays(today, 1), addDays(today, 14))[0];
    if (nextDay)
      asks.push({
        terms: main,
        draft: { type: 'sick_leave', targetStartDate: nextDay, targetEndDate: nextDay },
        details: 'Fever since last night; the doctor’s note is attached.',
        file: { bytes: doctorsNote, name: 'medical-certificate.pdf', type: 'application/pdf' },
        hoursAgo: 2,
      });
    const trip = mondayOf(today);
    asks.push({
      terms: main,
      draft: { type: 'vacation_leave', targetStartDate: addDays(trip, 14), targetEndDate: addDays(trip, 16) },
      details: 'Family trip to Palawan.',
      decision: { status: 'approved', by: admin, note: 'Enjoy the trip!' },
      hoursAgo: 50,
    });
    const [worked] = await db
      .select({ id: attendances.id })
      .from(attendances)
      .where(and(eq(attendances.contractId, main.id), isNotNull(attendances.startedAt)))
      .orderBy(desc(attendances.scheduledStartAt))
      .limit(1);
    if (worked)
      asks.push({
        terms: main,
        draft: { type: 'overtime', attendanceId: worked.id, minutes: 60 },
        details: 'Stayed an hour to finish the month-end report.',
        file: { bytes: await workPng(), name: 'report-sent.png', type: 'image/png' },
        decision: { status: 'rejected', by: manager, note: 'The report could have waited until Monday.' },
        hoursAgo: 20,
      });
    // The first weekend slot that fits the VA's other shifts.
    const saturday = addDays(trip, 5);
    const slots = [saturday, addDays(saturday, 1), addDays(saturday, 7)].flatMap((date) => [
      { date, start: 600, end: 840 },
      { date, start: 900, end: 1080 },
    ]);
    for (const mus of slots) {
      const ask: Ask = {
        terms: main,
        draft: { type: 'mus', mus },
        details: 'To make up for the hours of my sick day.',
        file: { bytes: doctorsNote, name: 'make-up-plan.pdf', type: 'application/pdf' },
        hoursAgo: 1,
      };
      if (await fits(db, ask, now)) {
        asks.push(ask);
        break;
      }
    }
  }
  if (second) {
    const monday = addDays(mondayOf(localDate(now, second.timezone)), 28);
    asks.push({
      terms: second,
      draft: { type: 'vacation_leave', targetStartDate: monday, targetEndDate: addDays(monday, 2) },
      details: 'My sister’s wedding.',
      hoursAgo: 26,
    });
  }
  if (third) {
    const lastWeek = addDays(mondayOf(localDate(now, third.timezone)), -7);
    asks.push({
      terms: third,
      draft: {
        type: 'sick_leave',
        targetStartDate: addDays(lastWeek, 1),
        targetEndDate: addDays(lastWeek, 1),
      },
      details: 'Migraine.',
      file: { bytes: doctorsNote, name: 'clinic-note.pdf', type: 'application/pdf' },
      decision: { status: 'approved', by: manager, note: null },
      hoursAgo: 150,
    });
  }

  let made = 0;
  for (const ask of asks) if (await insertAsk(db, storage, ask, now)) made++;
  log.info(`Seeded requests: ${made}`);
}

/** Whether the rules accept the request now (the demo's schedules vary). */
async function fits(db: Db, ask: Ask, now: Date) {
  try {
    await planRequest(db, ask.terms, ask.draft, { now, moment: 'create' });
    return true;
  } catch (err) {
    if (err instanceof AppError) return false;
    throw err;
  }
}

async function insertAsk(db: Db, storage: ObjectStorage, ask: Ask, now: Date): Promise<boolean> {
  let plan: Awaited<ReturnType<typeof planRequest>>;
  try {
    plan = await planRequest(db, ask.terms, ask.draft, { now, moment: 'create' });
  } catch (err) {
    if (err instanceof AppError) return false;
    throw err;
  }
  const { terms, draft, decision } = ask;
  const fileKey = ask.file ? `requests/1/${randomUUID()}` : null;
  if (ask.file && fileKey) await storage.put(fileKey, ask.file.bytes, { contentType: ask.file.type });
  const createdAt = new Date(now.getTime() - ask.hoursAgo * HOUR);
  const decidedAt = decision ? new Date(createdAt.getTime() + HOUR) : null;
  const [row] = await db
    .insert(userRequests)
    .values({
      organizationId: 1,
      vaId: terms.vaId,
      clientId: terms.clientId,
      contractId: terms.id,
      type: draft.type,
      status: decision?.status ?? 'pending',
      details: ask.details,
      paidBy: draft.type === 'vacation_leave' ? 'client' : null,
      ...plan,
      fileKey,
      fileName: ask.file?.name ?? null,
      fileType: ask.file?.type ?? null,
      fileSize: ask.file?.bytes.length ?? null,
      decidedBy: decision?.by ?? null,
      decidedAt,
      decisionNote: decision?.note ?? null,
      createdAt,
      updatedAt: decidedAt ?? createdAt,
    })
    .returning();
  // An approved leave's shifts built so far; the database marks those the engine builds later.
  if (decision?.status === 'approved' && isLeaveType(draft.type))
    await db
      .update(attendances)
      .set({ status: 'on_leave', updatedAt: now })
      .where(
        and(
          eq(attendances.contractId, terms.id),
          between(attendances.date, row.targetStartDate, row.targetEndDate),
          isNull(attendances.startedAt),
          inArray(attendances.status, ['upcoming', 'absent']),
        ),
      );
  const common = {
    request_id: row.id,
    va_id: row.vaId,
    client_id: row.clientId,
    type: row.type,
    target_start_date: row.targetStartDate,
    target_end_date: row.targetEndDate,
  };
  await db.insert(domainEvents).values({
    organizationId: 1,
    type: 'request.created',
    payload: { ...common, contract_id: row.contractId, minutes: row.minutes, actor_id: row.vaId },
    createdAt,
  });
  if (decision && decidedAt)
    await db.insert(domainEvents).values({
      organizationId: 1,
      type: 'request.decided',
      payload: {
        ...common,
        status: decision.status,
        reversed: false,
        note: decision.note,
        actor_id: decision.by,
      },
      createdAt: decidedAt,
    });
  return true;
}
