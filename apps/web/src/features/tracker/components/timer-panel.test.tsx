import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Attendance } from '@vahub/shared/attendance/schemas';
import type { CurrentShift } from '@vahub/shared/attendance/tracker-protocol';
import type { ScreenshotPrivacy } from '@vahub/shared/screenshots/privacy';
import { attendance as baseAttendance, currentShift } from '@vahub/tracker-core/test-helpers';
import type { TrackerSnapshot } from '@vahub/tracker-core/tracker-client';
import i18n from 'i18next';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalsHost } from '../../../app/modals-host';
import { ApiError } from '../../../lib/normalize-error';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import type { TimerModel } from '../lib/use-timer';
import en from '../locales/en.json';
import { TimerPanel } from './timer-panel';

// The core's fixtures, set to a Manila shift of 9:00–17:00 for an "Acme" contract.
const attendance = (o: Partial<Attendance> = {}): Attendance =>
  baseAttendance({
    id: 5,
    timezone: 'Asia/Manila',
    scheduled_start_at: '2026-03-02T01:00:00.000Z',
    scheduled_end_at: '2026-03-02T09:00:00.000Z',
    ...o,
  });

const current = (a: Attendance | null, o: Partial<CurrentShift> = {}): CurrentShift =>
  currentShift(a, {
    contract: a ? { id: 1, title: 'Inbox support' } : null,
    client: a ? ({ id: 3, name: 'Acme' } as CurrentShift['client']) : null,
    can_clock_in: true,
    settings: null,
    server_time: '2026-03-02T01:00:00.000Z',
    ...o,
  });

const snapshotOf = (
  c: CurrentShift,
  status: TrackerSnapshot['shift']['status'],
  backlog = 0,
): TrackerSnapshot => ({
  shift: { status, attendance: c.attendance },
  current: c,
  backlog,
  replay: 'idle',
  lastSyncAt: null,
  lastError: null,
});

const model = (o: Partial<TimerModel>): TimerModel => ({
  role: 'leader',
  snapshot: null,
  current: null,
  currentError: null,
  online: true,
  idle: 'unsupported',
  retry: vi.fn(),
  clockIn: vi.fn(async () => {}),
  clockOut: vi.fn(async () => {}),
  grantIdle: vi.fn(async () => {}),
  capture: null,
  share: { state: 'off', surface: null },
  task: null,
  setTask: vi.fn(),
  startShare: vi.fn(async () => {}),
  stopShare: vi.fn(),
  ...o,
});

describe('TimerPanel', () => {
  beforeAll(async () => {
    await renderWithProviders(<div />);
    i18n.addResourceBundle('en', 'tracker', en);
  });
  // The task picker's lists (see task-picker.test.tsx): empty here.
  beforeEach(() => mockApi(() => ({ data: [] })));

  it('shows loading, then the load error with a retry', async () => {
    const first = await renderWithProviders(<TimerPanel model={model({})} timezone="UTC" />);
    expect(screen.getByText(en.loading)).toBeInTheDocument();
    first.unmount();
    const m = model({ currentError: new Error('x') });
    await renderWithProviders(<TimerPanel model={m} timezone="UTC" />);
    await userEvent.click(screen.getByRole('button', { name: en.retry }));
    expect(m.retry).toHaveBeenCalled();
  });

  it('says what to do without a shift', async () => {
    const c = current(null);
    await renderWithProviders(
      <TimerPanel model={model({ current: c, snapshot: snapshotOf(c, 'clocked_out') })} timezone="UTC" />,
    );
    expect(screen.getByTestId('timer-no-shift')).toHaveTextContent(en.noShift);
    expect(screen.queryByTestId('timer-clock-in')).toBeNull();
    expect(screen.queryByTestId('task-picker')).toBeNull();
  });

  it("shows the next shift in the viewer zone with that zone's flag, and clocks in", async () => {
    const c = current(attendance());
    const m = model({ current: c, snapshot: snapshotOf(c, 'clocked_out') });
    await renderWithProviders(<TimerPanel model={m} timezone="UTC" />);
    expect(screen.getByTestId('timer-contract')).toHaveTextContent('Inbox support for Acme');
    expect(screen.getByTestId('timer-scheduled')).toHaveTextContent('1:00 AM – 9:00 AM');
    // The times shown are UTC's (the viewer's), not Manila's (the shift's): the flag is the viewer zone's.
    expect(screen.getByRole('img', { name: /united states/i })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /philippines/i })).toBeNull();
    // What the VA works on can be picked before clock-in.
    expect(screen.getByRole('combobox', { name: en.task.label })).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('timer-clock-in'));
    expect(m.clockIn).toHaveBeenCalled();
  });

  it("shows the server's message when clock-in is refused", async () => {
    const c = current(attendance());
    const refused = new ApiError({ message: 'Clock-in opens at 8:45 AM', status: 422 });
    const m = model({
      current: c,
      snapshot: snapshotOf(c, 'clocked_out'),
      clockIn: vi.fn(async () => Promise.reject(refused)),
    });
    await renderWithProviders(<TimerPanel model={m} timezone="UTC" />);
    await userEvent.click(screen.getByTestId('timer-clock-in'));
    expect(await screen.findByTestId('timer-error')).toHaveTextContent('Clock-in opens at 8:45 AM');
  });

  it('on shift: running clock, figures, backlog, confirm before clock out', async () => {
    const started = new Date(Date.now() - 3725_000).toISOString();
    const a = attendance({
      status: 'ongoing',
      started_at: started,
      worked_seconds: 9000,
      active_seconds: 5400,
      activity_percent: 60,
    });
    const c = current(a);
    const m = model({ current: c, snapshot: snapshotOf(c, 'on_shift', 3) });
    await renderWithProviders(
      <>
        <ModalsHost />
        <TimerPanel model={m} timezone="UTC" />
      </>,
    );
    expect(screen.getByTestId('timer-elapsed').textContent).toMatch(/^1:02:0[5-6]$/);
    expect(screen.getByTestId('timer-worked')).toHaveTextContent('2 h 30 min');
    expect(screen.getByTestId('timer-active')).toHaveTextContent('1 h 30 min');
    expect(screen.getByTestId('timer-activity')).toHaveTextContent('60 %');
    expect(screen.getByTestId('timer-backlog')).toHaveTextContent('3 pings waiting to be sent');
    await userEvent.click(screen.getByTestId('timer-clock-out'));
    expect(m.clockOut).not.toHaveBeenCalled();
    expect(await screen.findByText(en.clockOutConfirm)).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: en.clockOut }));
    await waitFor(() => expect(m.clockOut).toHaveBeenCalled());
  });

  it('another tab: read-only with a note; offline banner; forced logout message', async () => {
    const a = attendance({ status: 'ongoing', started_at: new Date().toISOString() });
    const c = current(a);
    const follower = await renderWithProviders(
      <TimerPanel
        model={model({ role: 'follower', current: c, snapshot: snapshotOf(c, 'on_shift'), online: false })}
        timezone="UTC"
      />,
    );
    expect(screen.getByTestId('timer-other-tab')).toBeInTheDocument();
    expect(screen.getByTestId('timer-offline')).toBeInTheDocument();
    expect(screen.queryByTestId('timer-clock-out')).toBeNull();
    follower.unmount();
    await renderWithProviders(
      <TimerPanel model={model({ current: c, snapshot: snapshotOf(c, 'forced_out') })} timezone="UTC" />,
    );
    expect(screen.getByTestId('timer-forced-out')).toHaveTextContent(en.forcedOut);
    expect(screen.getByTestId('timer-elapsed')).toHaveTextContent('0:00:00');
    expect(screen.getByTestId('timer-elapsed-caption')).toHaveTextContent(en.notClockedIn);
  });

  it('offers idle detection where the browser has it', async () => {
    const c = current(attendance());
    const m = model({ current: c, snapshot: snapshotOf(c, 'clocked_out'), idle: 'prompt' });
    await renderWithProviders(<TimerPanel model={m} timezone="UTC" />);
    await userEvent.click(screen.getByRole('button', { name: en.idle.grant }));
    expect(m.grantIdle).toHaveBeenCalled();
  });

  it('offers to share a screen for screenshots where the tier allows images, in the leading tab only', async () => {
    const a = attendance({ status: 'ongoing', started_at: new Date().toISOString() });
    const settings = (privacy: ScreenshotPrivacy) => ({
      ...(currentShift(a).settings as NonNullable<CurrentShift['settings']>),
      screenshot_privacy: privacy,
      screenshots_per_hour: 6,
    });
    const c = current(a, { settings: settings('full') });
    const m = model({ current: c, snapshot: snapshotOf(c, 'on_shift') });
    const view = await renderWithProviders(<TimerPanel model={m} timezone="UTC" />);
    const control = screen.getByTestId('capture-control');
    expect(control).toHaveTextContent(en.capture.explain_other.replace('{{count}}', '6'));
    expect(within(control).getByRole('link', { name: en.capture.seeAll })).toHaveAttribute(
      'href',
      '/va-dashboard/screenshots',
    );
    expect(screen.getByTestId('capture-state')).toHaveTextContent(en.capture.off);
    await userEvent.click(screen.getByRole('button', { name: en.capture.share }));
    expect(m.startShare).toHaveBeenCalled();
    view.unmount();

    for (const o of [
      { current: current(a, { settings: settings('activity_only') }) },
      { current: c, role: 'follower' as const },
    ]) {
      const other = await renderWithProviders(
        <TimerPanel model={model({ ...o, snapshot: snapshotOf(o.current, 'on_shift') })} timezone="UTC" />,
      );
      expect(screen.queryByTestId('capture-control')).toBeNull();
      other.unmount();
    }
  });

  it('while the desktop agent records the shift: says so, offers no screen share, still clocks out', async () => {
    const a = attendance({ status: 'ongoing', started_at: new Date().toISOString() });
    const c = current(a, {
      agent_connected: true,
      settings: {
        ...(currentShift(a).settings as NonNullable<CurrentShift['settings']>),
        screenshot_privacy: 'full',
        screenshots_per_hour: 6,
      },
    });
    const m = model({
      current: c,
      snapshot: { ...snapshotOf(c, 'on_shift'), standingBy: true },
      idle: 'prompt',
    });
    await renderWithProviders(
      <>
        <TimerPanel model={m} timezone="UTC" />
        <ModalsHost />
      </>,
    );
    expect(screen.getByTestId('timer-standing-by')).toHaveTextContent(en.standingByTitle);
    expect(screen.getByTestId('timer-standing-by')).toHaveTextContent(en.standingBy);
    expect(screen.queryByTestId('capture-control')).toBeNull();
    expect(screen.queryByRole('button', { name: en.idle.grant })).toBeNull();
    expect(screen.queryByTestId('timer-sync')).toBeNull();
    expect(screen.getByTestId('task-picker')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('timer-clock-out'));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: en.clockOut }),
    );
    await waitFor(() => expect(m.clockOut).toHaveBeenCalled());
  });

  it('while shared: screenshots on, the last capture, the latest log line, uploads waiting, stop', async () => {
    const a = attendance({ status: 'ongoing', started_at: new Date().toISOString() });
    const c = current(a, {
      settings: {
        ...(currentShift(a).settings as NonNullable<CurrentShift['settings']>),
        screenshot_privacy: 'blurred',
        screenshots_per_hour: 1,
      },
    });
    const at = Date.parse('2026-03-02T10:25:00Z');
    const m = model({
      current: c,
      snapshot: snapshotOf(c, 'on_shift'),
      share: { state: 'on', surface: 'monitor' },
      capture: {
        canCapture: true,
        scheduled: true,
        lastCaptureAt: at,
        lastUploadAt: null,
        pending: 2,
        upload: 'waiting',
        log: [{ at, kind: 'captured', origin: 'on_demand', screens: 1 }],
      },
    });
    await renderWithProviders(<TimerPanel model={m} timezone="UTC" />);
    expect(screen.getByTestId('capture-control')).toHaveTextContent(
      en.capture.explainBlurred_one.replace('{{count}}', '1'),
    );
    expect(screen.getByTestId('capture-state')).toHaveTextContent(en.capture.on);
    expect(screen.getByTestId('capture-last')).toHaveTextContent('Last screenshot at 10:25 AM');
    expect(screen.getByTestId('capture-log')).toHaveTextContent(`10:25 AM · ${en.capture.log.requested_one}`);
    expect(screen.getByTestId('capture-pending')).toHaveTextContent('2 screenshots waiting to be uploaded');
    await userEvent.click(screen.getByRole('button', { name: en.capture.stop }));
    expect(m.stopShare).toHaveBeenCalled();
  });
});
