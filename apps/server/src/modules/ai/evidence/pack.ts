import type { Evidence, EvidencePack, PackInput } from './pack-types';
import { flawlessStretch, formatHours, inputRepeat, singleInput, staticScreen } from './signals';

/** Below this much tracked time (or this few pings) a shift is "not enough data": described, not scored. */
export const ENOUGH_DATA = { minTrackedMinutes: 30, minPings: 10 } as const;

/** An idle spell: pings reporting at least this much idle time in a row. */
const IDLE_SPELL_MINUTES = 10;

const minutes = (seconds: number) => Math.round(seconds / 60);
const duration = (seconds: number) => formatHours(seconds / 3600);

/**
 * The evidence pack of one attendance: every fact with a stable id (`att<id>.<what>`) and the page that shows it,
 * and the unusual-activity signals with their rules. Pure and deterministic: the same rows give the same pack
 * (its hash is the result's `input_hash`). Never images, never window titles unless the organization allows.
 */
export function buildEvidencePack(input: PackInput): EvidencePack {
  const { shift } = input;
  const id = shift.id;
  const timeline = `reports/activity-logs/${id}`;
  const time = localTime(shift.timezone);
  const facts: Evidence[] = [];
  const notes: string[] = [];
  const fact = (key: string, kind: Evidence['kind'], label: string, value: string, page = timeline) =>
    facts.push({ id: `att${id}.${key}`, kind, label, value, page });

  fact(
    'schedule',
    'schedule',
    'Scheduled',
    `${shift.date} ${time(shift.scheduledStartAt)}–${time(shift.scheduledEndAt)} (${shift.timezone}), ${duration(
      (shift.scheduledEndAt.getTime() - shift.scheduledStartAt.getTime()) / 1000,
    )}`,
  );

  const leave = input.requests.filter((r) => r.type !== 'overtime' && r.type !== 'mus');
  for (const r of leave) {
    fact(
      `leave.${r.id}`,
      'leave',
      'Approved leave',
      `${r.type.replace(/_/g, ' ')} ${r.startDate} to ${r.endDate}`,
      'requests',
    );
  }
  for (const r of input.requests.filter((x) => x.type === 'overtime')) {
    fact(
      `overtime.${r.id}`,
      'overtime',
      'Approved overtime',
      `${r.hours ?? 0} h on ${r.startDate}`,
      'requests',
    );
  }

  if (shift.status === 'on_leave' || (leave.length > 0 && !shift.startedAt)) {
    notes.push('The VA was on approved leave: the shift is not scored and nothing here counts against them.');
    return pack(input, 'on_leave', notes, facts, []);
  }
  if (!shift.startedAt) {
    notes.push(
      shift.status === 'absent'
        ? 'Nobody clocked in to this shift; there is no tracked activity to describe.'
        : 'The shift has not started; there is nothing to describe yet.',
    );
    return pack(input, 'not_worked', notes, facts, []);
  }

  fact(
    'worked',
    'worked',
    'Worked',
    `${duration(shift.workedSeconds)} (active ${duration(shift.activeSeconds)}, idle ${duration(shift.idleSeconds)})`,
  );
  fact(
    'clock_in',
    'lateness',
    'Clocked in',
    `${time(shift.startedAt)}${shift.lateMinutes > 0 ? `, ${shift.lateMinutes} min late` : ', on time'}`,
  );
  if (shift.endedAt) {
    const earlyMin = Math.round((shift.scheduledEndAt.getTime() - shift.endedAt.getTime()) / 60_000);
    fact(
      'clock_out',
      'early_leave',
      'Clocked out',
      `${time(shift.endedAt)}${earlyMin > 0 ? `, ${earlyMin} min before the scheduled end` : ''}${
        shift.endReason && shift.endReason !== 'clock_out' ? ` (${shift.endReason.replace(/_/g, ' ')})` : ''
      }`,
    );
  }
  fact('breaks', 'break', 'Breaks', shift.breakSeconds > 0 ? duration(shift.breakSeconds) : 'none recorded');

  const sources = [...new Set(input.pings.map((p) => p.source))].sort();
  fact(
    'tracker',
    'tracker',
    'Tracked by',
    sources.length ? sources.join(' and ') : (shift.source ?? 'no tracker'),
  );

  // Idle spells: consecutive pings that each report idle time, adding up to at least IDLE_SPELL_MINUTES.
  type Spell = { from: Date; to: Date; seconds: number };
  const spells: Spell[] = [];
  let open: Spell | null = null;
  for (const p of input.pings) {
    if (p.idleSeconds > 0) {
      if (open) {
        open.to = p.at;
        open.seconds += p.idleSeconds;
      } else {
        open = { from: p.at, to: p.at, seconds: p.idleSeconds };
        spells.push(open);
      }
    } else open = null;
  }
  spells
    .filter((sp) => sp.seconds >= IDLE_SPELL_MINUTES * 60)
    .forEach((sp, i) => {
      fact(
        `idle.${i + 1}`,
        'idle',
        'Idle spell',
        `${time(sp.from)}–${time(sp.to)}, ${minutes(sp.seconds)} min idle`,
      );
    });

  for (const b of input.blocks) {
    const pct =
      b.trackedSeconds > 0
        ? Math.round((100 * Math.min(b.activeSeconds, b.trackedSeconds)) / b.trackedSeconds)
        : 0;
    fact(
      `block.${compactTime(b.startAt)}`,
      'block',
      `Activity ${time(b.startAt)}`,
      `${pct} % active of ${minutes(b.trackedSeconds)} min (${b.keyboard} keys, ${b.mouse} mouse)`,
      `${timeline}?at=${b.startAt.toISOString()}`,
    );
  }

  for (const t of [...input.tasks].sort((a, b) => b.seconds - a.seconds || a.id - b.id)) {
    fact(
      `${t.kind === 'task' ? 'task' : 'general_task'}.${t.id}`,
      'task',
      t.kind === 'task' ? 'Task' : 'General task',
      `${t.title}${t.project ? ` (${t.project})` : ''}: ${duration(t.seconds)}`,
      timeline,
    );
  }

  const perHour = new Map<string, number>();
  for (const s of input.screenshots) {
    const hour = `${time(s.takenAt).slice(0, 2)}:00`;
    perHour.set(hour, (perHour.get(hour) ?? 0) + 1);
  }
  fact(
    'screenshots',
    'screenshots',
    'Screenshots',
    input.screenshots.length
      ? `${input.screenshots.length} in all; per hour: ${[...perHour].map(([h, n]) => `${h} ${n}`).join(', ')}`
      : 'none',
    `screenshots?attendance_id=${id}`,
  );

  const apps = new Map<string, number>();
  for (const p of input.pings) {
    if (!p.activeWindow) continue;
    const key = input.windowTitles ? `${p.activeWindow.app}: ${p.activeWindow.title}` : p.activeWindow.app;
    apps.set(key, (apps.get(key) ?? 0) + 1);
  }
  if (apps.size) {
    const top = [...apps].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 5);
    fact(
      'apps',
      'apps',
      input.windowTitles ? 'Windows used most' : 'Apps used most',
      top.map(([a, n]) => `${a} (${n} pings)`).join(', '),
    );
  }

  const trackedSeconds = input.blocks.reduce((s, b) => s + b.trackedSeconds, 0);
  if (trackedSeconds < ENOUGH_DATA.minTrackedMinutes * 60 || input.pings.length < ENOUGH_DATA.minPings) {
    notes.push(
      `Not enough data: ${minutes(trackedSeconds)} min tracked in ${input.pings.length} pings (at least ${ENOUGH_DATA.minTrackedMinutes} min and ${ENOUGH_DATA.minPings} pings are needed). The shift is described, not scored.`,
    );
    return pack(input, 'not_enough_data', notes, facts, []);
  }

  const ctx = { attendanceId: id, page: timeline, time };
  const signals = [
    ...inputRepeat(input.pings, ctx),
    ...singleInput(input.pings, ctx),
    ...flawlessStretch(input.blocks, ctx),
    ...staticScreen(input.screenshots, input.pings, ctx),
  ];
  return pack(input, 'analysed', notes, facts, signals);
}

function pack(
  input: PackInput,
  status: EvidencePack['status'],
  notes: string[],
  facts: Evidence[],
  signals: EvidencePack['signals'],
): EvidencePack {
  return {
    version: 1,
    attendance_id: input.shift.id,
    subject: input.alias,
    date: input.shift.date,
    timezone: input.shift.timezone,
    status,
    notes,
    facts,
    signals,
  };
}

/** `HH:MM` in the shift's zone (a 24-hour clock, the same in every locale: the pack is what the model reads). */
export function localTime(timezone: string) {
  const f = new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return (d: Date) => f.format(d);
}

/** `20260302T0930Z`: a block's key in an evidence id (UTC, so the id does not depend on the zone). */
const compactTime = (d: Date) => `${d.toISOString().slice(0, 16).replace(/[-:]/g, '')}Z`;

/** Every evidence id of a pack: facts and signals. */
export const evidenceIds = (pack: EvidencePack) =>
  new Set([...pack.facts.map((f) => f.id), ...pack.signals.map((s) => s.id)]);
