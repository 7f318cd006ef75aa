import type { BuiltInPrompt } from '@vahub/shared/ai/schemas';
import type { EvidencePack } from '../evidence/pack-types';
import type { Draft, DraftClaim } from './analysis';

/** Why the built-in analyst wrote a report instead of a model: said at its top. */
export type BuiltInReason = 'not_configured' | 'budget' | 'fallback';

const REASONS: Record<BuiltInReason, string> = {
  not_configured: 'no language model is configured',
  budget: "the organization's monthly token budget is used up",
  fallback: 'the language model did not give a usable answer',
};

const FOCUS: Record<BuiltInPrompt, string[]> = {
  attendance_summary: [
    'schedule',
    'worked',
    'lateness',
    'early_leave',
    'break',
    'idle',
    'task',
    'screenshots',
    'leave',
    'overtime',
    'tracker',
  ],
  unusual_activity: ['worked', 'tracker', 'screenshots'],
  schedule_adherence: ['schedule', 'lateness', 'early_leave', 'break', 'leave', 'overtime'],
};

const TITLES: Record<BuiltInPrompt, string> = {
  attendance_summary: 'Attendance summary',
  unusual_activity: 'Unusual-activity review',
  schedule_adherence: 'Schedule adherence',
};

/**
 * The figures-only analyst: a deterministic report from the evidence packs, with the same claims-with-evidence a
 * model is asked for. Used without a model, past the budget, or when the model failed; it says which.
 */
export function writeBuiltIn(
  packs: EvidencePack[],
  focus: BuiltInPrompt,
  reason: BuiltInReason,
  detail?: string,
): Draft {
  const claims: DraftClaim[] = [];
  const out: string[] = [];
  const subjects = [...new Set(packs.map((p) => p.subject))];
  const dates = packs.map((p) => p.date).sort();
  const period = dates.length
    ? dates[0] === dates[dates.length - 1]
      ? dates[0]
      : `${dates[0]} to ${dates[dates.length - 1]}`
    : '';
  out.push(`# ${TITLES[focus]}: ${subjects.join(', ') || 'no VA'}${period ? `, ${period}` : ''}`);
  out.push(
    `_Written by the built-in analyst from the figures alone, because ${REASONS[reason]}${detail ? ` (${detail})` : ''}._`,
  );
  if (!packs.length) out.push('No attendance in this period: nothing to report.');

  if (subjects.length > 1 || packs.length > 1) out.push(teamLines(packs, claims));

  for (const pack of packs) {
    out.push(`## ${pack.subject}, ${pack.date}`);
    for (const note of pack.notes) out.push(note);
    const shown = pack.facts.filter((f) => FOCUS[focus].includes(f.kind));
    for (const f of shown) {
      const text = `${f.label}: ${f.value}.`;
      claims.push({ text: `${pack.subject}, ${pack.date}. ${text}`, evidence: [f.id] });
      out.push(`- ${text}`);
    }
    if (pack.status === 'analysed') {
      if (!pack.signals.length) {
        out.push(
          focus === 'unusual_activity' ? '- No unusual-activity rule matched.' : '- No signal needs review.',
        );
      }
      for (const s of pack.signals) {
        const text = `Needs review (${s.confidence} confidence): ${s.observed}, ${s.from}–${s.to}. Rule: ${s.threshold}.`;
        claims.push({ text: `${pack.subject}, ${pack.date}. ${text}`, evidence: [s.id] });
        out.push(`- ${text}`);
      }
    }
  }
  out.push(
    '_Signals mean "needs review": a reviewer checks the evidence; none of them is a finding of misconduct._',
  );
  return { markdown: `${out.join('\n\n')}\n`, claims };
}

/** Team lines over several shifts: worked time and signals per VA, shifts without enough data or on leave. */
function teamLines(packs: EvidencePack[], claims: DraftClaim[]) {
  const bySubject = new Map<string, EvidencePack[]>();
  for (const p of packs) bySubject.set(p.subject, [...(bySubject.get(p.subject) ?? []), p]);
  const lines = ['## Team'];
  for (const [subject, list] of bySubject) {
    const analysed = list.filter((p) => p.status === 'analysed');
    const leave = list.filter((p) => p.status === 'on_leave');
    const thin = list.filter((p) => p.status === 'not_enough_data');
    const signals = list.flatMap((p) => p.signals);
    const worked = list.map((p) => p.facts.find((f) => f.kind === 'worked')).filter((f) => f !== undefined);
    const text = `${subject}: ${list.length} shift(s), ${analysed.length} analysed, ${leave.length} on approved leave, ${thin.length} with not enough data; ${signals.length} signal(s) to review.`;
    const evidence = [...worked.map((f) => f.id), ...signals.map((s) => s.id)];
    if (evidence.length) claims.push({ text, evidence });
    lines.push(`- ${text}`);
  }
  return lines.join('\n');
}
