import type { CapturedScreen } from '@vahub/tracker-core/capture/types';
import { attendance, currentShift } from '@vahub/tracker-core/test-helpers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { started, until } from './test-agent';

afterEach(() => {
  vi.useRealTimers();
});

const twoScreens = async (): Promise<CapturedScreen[]> =>
  [0, 1].map((screen) => ({ screen, bytes: Uint8Array.from([0xff, 0xd8, 0xff]), type: 'image/jpeg' }));

describe('the running agent', () => {
  it('records the ongoing shift, answers a screenshot request, and stops at once on a forced logout', async () => {
    const captures: number[] = [];
    const { server, input, lines, agent } = await started(async () => {
      captures.push(Date.now());
      return twoScreens();
    });
    expect(agent.state()).toMatchObject({ shift: 'on_shift', recording: true, can_capture: true });
    expect(lines[0]).toBe('On shift (attendance 7): recording activity and screenshots');

    for (let i = 0; i < 12; i++) input.emit('keyboard');
    input.emit('click');
    await vi.advanceTimersByTimeAsync(60_000);
    await agent.client.flush();
    expect(server.state.pings).toHaveLength(1);
    expect(server.state.pings[0]).toMatchObject({
      keyboard: 12,
      mouse: 1,
      source: 'desktop',
      active_window: { app: 'Firefox', title: 'Tickets' },
    });

    server.push({ type: 'screenshot.request', data: { request_id: 'req-1', attendance_id: 7 } });
    await until(() => server.state.uploads.length >= 2);
    expect(server.state.uploads).toEqual(['req-1', 'req-1']);
    expect(lines).toContain('screenshot taken (on demand), 2 screens');

    // An admin ends the shift: the server says so, then sends the logout.
    server.state.current = currentShift(attendance({ id: 7, status: 'completed' }));
    server.push({ type: 'attendance.changed', data: { attendance_id: 7, va_id: 5, status: 'completed' } });
    server.push({ type: 'attendance.logout', data: { attendance_id: 7 } });
    await vi.advanceTimersByTimeAsync(10);
    expect(agent.state()).toMatchObject({ shift: 'forced_out', recording: false });
    for (let i = 0; i < 30; i++) input.emit('keyboard');
    server.push({ type: 'screenshot.request', data: { request_id: 'req-2', attendance_id: 7 } });
    await vi.advanceTimersByTimeAsync(180_000);
    await agent.client.flush();
    expect(server.state.pings).toHaveLength(1);
    expect(captures).toHaveLength(1);
    expect(lines.join('\n')).toMatch(
      /Forced logout: an admin or manager ended attendance 7; recording stopped/,
    );
    await agent.stop(100);
  }, 20_000);

  it('declines a request it cannot capture, and says it cannot capture until a retry', async () => {
    let failing = true;
    const { server, agent } = await started(async () => {
      if (failing) throw new Error('import: unable to open X server');
      return twoScreens();
    });
    server.push({ type: 'screenshot.request', data: { request_id: 'req-1', attendance_id: 7 } });
    await until(() => server.state.declines.length > 0);
    expect(server.state.declines).toEqual([{ reason: 'error', detail: 'import: unable to open X server' }]);
    expect(agent.state()).toMatchObject({
      can_capture: false,
      last_error: 'screenshot failed: import: unable to open X server',
    });
    failing = false;
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(agent.state().can_capture).toBe(true);
    await agent.stop(100);
  }, 20_000);
});
