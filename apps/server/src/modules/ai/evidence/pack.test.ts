import { describe, expect, it } from 'vitest';
import { buildEvidencePack } from './pack';
import type { PackBlock, PackInput, PackPing, PackScreenshot } from './pack-types';

const START = new Date('2026-03-02T09:00:00Z');
const at = (minute: number) => new Date(START.getTime() + minute * 60_000);

/** One ping a minute from `from` for `count` minutes, its counts from `counts(i)`. */
const pings = (
  from: number,
  count: number,
  counts: (i: number) => Partial<PackPing> = () => ({}),
): PackPing[] =>
  Array.from({ length: count }, (_, i) => ({
    at: at(from + i),
    keyboard: 40 + ((i * 7) % 13),
    mouse: 20 + ((i * 5) % 11),
    idleSeconds: 0,
    source: 'desktop',
    activeWindow: { app: 'Code', title: 'invoice-2026.xlsx' },
    ...counts(i),
  }));

/** 10-minute blocks from the pings, `active` percent each. */
const blocks = (from: number, count: number, active: (i: number) => number): PackBlock[] =>
  Array.from({ length: count }, (_, i) => ({
    startAt: at(from + i * 10),
    trackedSeconds: 600,
    activeSeconds: Math.round((600 * active(i)) / 100),
    idleSeconds: 600 - Math.round((600 * active(i)) / 100),
    keyboard: 400,
    mouse: 200,
    pings: 10,
  }));

const varied = (i: number) => [70, 85, 60, 90, 50, 80][i % 6];

function input(over: Partial<PackInput> = {}, shift: Partial<PackInput['shift']> = {}): PackInput {
  return {
    alias: 'VA-1',
    windowTitles: false,
    shift: {
      id: 12,
      vaId: 5,
      date: '2026-03-02',
      timezone: 'Europe/Berlin',
      status: 'completed',
      scheduledStartAt: at(0),
      scheduledEndAt: at(480),
      startedAt: at(7),
      endedAt: at(470),
      breakSeconds: 1800,
      workedSeconds: 27000,
      activeSeconds: 20000,
      idleSeconds: 7000,
      lateMinutes: 7,
      source: 'desktop',
      endReason: 'clock_out',
      ...shift,
    },
    pings: pings(7, 120),
    blocks: blocks(0, 12, varied),
    screenshots: [],
    tasks: [],
    requests: [],
    ...over,
  };
}

const rules = (p: ReturnType<typeof buildEvidencePack>) => p.signals.map((s) => s.rule);

describe('the evidence pack', () => {
  it('states the schedule, lateness, early leave, breaks and tracker as facts with stable ids and pages', () => {
    const p = buildEvidencePack(input());
    expect(p.status).toBe('analysed');
    const byId = Object.fromEntries(p.facts.map((f) => [f.id, f]));
    expect(byId['att12.schedule'].value).toBe('2026-03-02 10:00–18:00 (Europe/Berlin), 8 h 00 min');
    expect(byId['att12.clock_in'].value).toBe('10:07, 7 min late');
    expect(byId['att12.clock_out'].value).toBe('17:50, 10 min before the scheduled end');
    expect(byId['att12.breaks'].value).toBe('0 h 30 min');
    expect(byId['att12.tracker'].value).toBe('desktop');
    expect(byId['att12.block.20260302T0900Z']).toMatchObject({
      value: '70 % active of 10 min (400 keys, 200 mouse)',
      page: 'reports/activity-logs/12?at=2026-03-02T09:00:00.000Z',
    });
    expect(p.signals).toEqual([]);
    // Deterministic: the same rows give the same pack.
    expect(buildEvidencePack(input())).toEqual(p);
  });

  it('never carries window titles unless the organization allows them', () => {
    const off = JSON.stringify(buildEvidencePack(input()));
    expect(off).toContain('Code (120 pings)');
    expect(off).not.toContain('invoice-2026');
    expect(JSON.stringify(buildEvidencePack(input({ windowTitles: true })))).toContain(
      'Code: invoice-2026.xlsx',
    );
  });

  it('flags an input simulator: the same counts minute after minute', () => {
    const p = buildEvidencePack(
      input({ pings: [...pings(7, 30), ...pings(37, 25, () => ({ keyboard: 60, mouse: 30 }))] }),
    );
    const s = p.signals.find((x) => x.rule === 'input_repeat');
    expect(s).toMatchObject({
      id: 'att12.signal.input_repeat.1',
      verdict: 'needs_review',
      confidence: 'medium',
      threshold: 'the same keyboard and mouse counts in every ping for at least 10 minutes',
      observed: '60 keys and 30 mouse events in each of 25 pings over 25 minutes',
      from: '10:37',
      to: '11:01',
    });
    // Nine identical minutes stay under the threshold.
    expect(
      rules(
        buildEvidencePack(
          input({ pings: [...pings(7, 30), ...pings(37, 9, () => ({ keyboard: 60, mouse: 30 }))] }),
        ),
      ),
    ).not.toContain('input_repeat');
  });

  it('flags a keyboard-only hour, and not 59 minutes of it', () => {
    const hour = buildEvidencePack(
      input({ pings: [...pings(7, 20), ...pings(27, 60, () => ({ mouse: 0 }))] }),
    );
    expect(hour.signals).toEqual([
      expect.objectContaining({
        id: 'att12.signal.keyboard_only.1',
        rule: 'single_input',
        confidence: 'low',
        observed: 'keyboard only for 60 minutes (60 pings)',
      }),
    ]);
    const short = buildEvidencePack(
      input({ pings: [...pings(7, 20), ...pings(27, 59, () => ({ mouse: 0 }))] }),
    );
    expect(rules(short)).toEqual([]);
  });

  it('flags a long flawless stretch above 95 % without a break, and a stretch with one ordinary block does not', () => {
    const flawless = buildEvidencePack(input({ blocks: blocks(0, 20, () => 98) }));
    expect(flawless.signals).toEqual([
      expect.objectContaining({
        rule: 'flawless_stretch',
        confidence: 'medium',
        threshold: 'activity above 95 % in every 10-minute block for at least 3 hours, no break',
        observed: '20 blocks in a row above 95 % (3 h 20 min)',
      }),
    ]);
    const broken = buildEvidencePack(input({ blocks: blocks(0, 20, (i) => (i === 10 ? 60 : 98)) }));
    expect(rules(broken)).toEqual([]);
  });

  it('flags screenshots that never change while input is counted', () => {
    const shot = (minute: number, bytes = 81234): PackScreenshot => ({
      takenAt: at(minute),
      bytes,
      width: 1920,
      height: 1080,
      tracker: 'desktop',
    });
    const same = buildEvidencePack(
      input({ screenshots: [shot(10, 5000), shot(20), shot(30), shot(40), shot(50)] }),
    );
    expect(same.signals).toEqual([
      expect.objectContaining({
        rule: 'static_screen',
        observed: '4 identical screenshots (81234 bytes each) with input between them',
        page: 'screenshots?attendance_id=12',
      }),
    ]);
    const byId = Object.fromEntries(same.facts.map((f) => [f.id, f.value]));
    expect(byId['att12.screenshots']).toBe('5 in all; per hour: 10:00 5');
    const changing = buildEvidencePack(input({ screenshots: [shot(20, 1), shot(30, 2), shot(40, 3)] }));
    expect(rules(changing)).toEqual([]);
  });

  it('says approved leave plainly and scores nothing', () => {
    const p = buildEvidencePack(
      input(
        {
          pings: [],
          blocks: [],
          requests: [
            { id: 3, type: 'vacation', startDate: '2026-03-02', endDate: '2026-03-04', hours: null },
          ],
        },
        { status: 'on_leave', startedAt: null, endedAt: null },
      ),
    );
    expect(p.status).toBe('on_leave');
    expect(p.signals).toEqual([]);
    expect(p.notes[0]).toMatch(/approved leave.*nothing here counts against them/);
    expect(p.facts.find((f) => f.kind === 'leave')).toMatchObject({
      id: 'att12.leave.3',
      value: 'vacation 2026-03-02 to 2026-03-04',
      page: 'requests',
    });
  });

  it('says "not enough data" for a shift with a few pings, even when they would match a rule', () => {
    const p = buildEvidencePack(
      input({ pings: pings(7, 9, () => ({ keyboard: 60, mouse: 30 })), blocks: blocks(0, 1, () => 99) }),
    );
    expect(p.status).toBe('not_enough_data');
    expect(p.signals).toEqual([]);
    expect(p.notes[0]).toMatch(/^Not enough data: 10 min tracked in 9 pings/);
  });

  it('describes a shift nobody clocked in to without scoring it', () => {
    const p = buildEvidencePack(
      input({ pings: [], blocks: [] }, { status: 'absent', startedAt: null, endedAt: null }),
    );
    expect(p.status).toBe('not_worked');
    expect(p.facts.map((f) => f.id)).toEqual(['att12.schedule']);
  });

  it('lists idle spells of ten minutes or more', () => {
    const p = buildEvidencePack(
      input({
        pings: [
          ...pings(7, 30),
          ...pings(37, 12, () => ({ idleSeconds: 60, keyboard: 0, mouse: 0 })),
          ...pings(49, 30),
        ],
      }),
    );
    expect(p.facts.filter((f) => f.kind === 'idle')).toEqual([
      {
        id: 'att12.idle.1',
        kind: 'idle',
        label: 'Idle spell',
        value: '10:37–10:48, 12 min idle',
        page: 'reports/activity-logs/12',
      },
    ]);
  });
});
