import { describe, expect, it } from 'vitest';
import { aliasesFor, restoreNames } from '../ai.aliases';
import { buildEvidencePack } from '../evidence/pack';
import type { PackInput } from '../evidence/pack-types';
import { checkClaims } from './analysis';
import { writeBuiltIn } from './built-in-analyst';
import { citedClaims, keptReport } from './model-analyst';

const at = (m: number) => new Date(Date.parse('2026-03-02T09:00:00Z') + m * 60_000);
const input = (id: number, alias: string, repeat: boolean): PackInput => ({
  alias,
  windowTitles: false,
  shift: {
    id,
    vaId: id,
    date: '2026-03-02',
    timezone: 'UTC',
    status: 'completed',
    scheduledStartAt: at(0),
    scheduledEndAt: at(120),
    startedAt: at(0),
    endedAt: at(120),
    breakSeconds: 0,
    workedSeconds: 7200,
    activeSeconds: 6000,
    idleSeconds: 1200,
    lateMinutes: 0,
    source: 'desktop',
    endReason: 'clock_out',
  },
  pings: Array.from({ length: 60 }, (_, i) => ({
    at: at(i),
    keyboard: repeat ? 50 : 30 + (i % 7),
    mouse: repeat ? 25 : 10 + (i % 5),
    idleSeconds: 0,
    source: 'desktop' as const,
    activeWindow: null,
  })),
  blocks: Array.from({ length: 6 }, (_, i) => ({
    startAt: at(i * 10),
    trackedSeconds: 600,
    activeSeconds: 500,
    idleSeconds: 100,
    keyboard: 1,
    mouse: 1,
    pings: 10,
  })),
  screenshots: [],
  tasks: [],
  requests: [],
});

describe('the built-in analyst', () => {
  it('writes the same report from the same packs, says why it wrote, and cites only evidence of the packs', () => {
    const packs = [buildEvidencePack(input(1, 'VA-1', true)), buildEvidencePack(input(2, 'VA-2', false))];
    const draft = writeBuiltIn(packs, 'unusual_activity', 'not_configured');
    expect(writeBuiltIn(packs, 'unusual_activity', 'not_configured')).toEqual(draft);
    expect(draft.markdown).toContain('because no language model is configured');
    expect(draft.markdown).toContain(
      'Needs review (high confidence): 50 keys and 25 mouse events in each of 60 pings over 60 minutes',
    );
    expect(draft.markdown).toContain('- No unusual-activity rule matched.');
    // The one mention of misconduct is the footer saying a signal is not one.
    expect(draft.markdown.match(/misconduct|guilty|cheat/gi)).toEqual(['misconduct']);
    expect(draft.markdown).toContain('none of them is a finding of misconduct');
    const { kept, dropped } = checkClaims(packs, draft.claims);
    expect(dropped).toBe(0);
    expect(kept.length).toBe(draft.claims.length);
    expect(kept.find((c) => c.text.includes('VA-1: 1 shift(s)'))?.evidence.map((e) => e.id)).toEqual([
      'att1.worked',
      'att1.signal.input_repeat.1',
    ]);
  });

  it('budget and fallback reasons are said plainly', () => {
    const packs = [buildEvidencePack(input(1, 'VA-1', false))];
    expect(writeBuiltIn(packs, 'attendance_summary', 'budget').markdown).toContain(
      'monthly token budget is used up',
    );
  });
});

describe('claims and citations', () => {
  const packs = [buildEvidencePack(input(7, 'VA-1', false))];
  it('drops a claim citing an unknown id, or citing nothing, and counts it', () => {
    const { kept, dropped } = checkClaims(packs, [
      { text: 'Worked two hours.', evidence: ['att7.worked'] },
      { text: 'Watched videos.', evidence: ['att7.worked', 'att7.videos'] },
      { text: 'Seems lazy.', evidence: [] },
    ]);
    expect(kept.map((c) => c.text)).toEqual(['Worked two hours.']);
    expect(kept[0].evidence[0]).toMatchObject({ id: 'att7.worked', page: 'reports/activity-logs/7' });
    expect(dropped).toBe(2);
  });

  it('reads [[ids]] citations from streamed markdown and keeps only supported sentences', () => {
    const md = '- VA-1 worked. [[att7.worked]] VA-1 slacked. [[att7.nope]]\nIntro without ids.';
    expect(citedClaims(md)).toEqual([
      { text: 'VA-1 worked.', evidence: ['att7.worked'] },
      { text: 'VA-1 slacked.', evidence: ['att7.nope'] },
    ]);
    expect(keptReport(md, new Set(['att7.worked']))).toBe('- VA-1 worked.\nIntro without ids.');
  });
});

describe('aliases', () => {
  it('are stable by user id and put names back without touching a longer alias', () => {
    const aliases = aliasesFor([12, 3, 12, 40, 5, 6, 7, 8, 9, 10, 11]);
    expect(aliases.get(3)).toBe('VA-1');
    expect(aliases.get(40)).toBe('VA-10');
    const names = new Map([
      [3, 'Ann'],
      [40, 'Zed'],
    ]);
    expect(restoreNames('VA-1 and VA-10', aliases, names)).toBe('Ann and Zed');
  });
});
