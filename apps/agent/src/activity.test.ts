import { MemoryOutboxStore } from '@vahub/tracker-core/outbox';
import { counterUuid, FakeServer, testClock } from '@vahub/tracker-core/test-helpers';
import { TrackerClient } from '@vahub/tracker-core/tracker-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ActivityCounter, type InputKind, type InputSource } from './activity';
import { WindowSampler } from './window';

/** The test's keyboard and mouse. */
class FakeInput implements InputSource {
  listener: ((kind: InputKind) => void) | null = null;
  start(listener: (kind: InputKind) => void) {
    this.listener = listener;
  }
  stop() {
    this.listener = null;
  }
  emit(kind: InputKind, times = 1) {
    for (let i = 0; i < times; i++) this.listener?.(kind);
  }
}

afterEach(() => {
  vi.useRealTimers();
});

async function onShift() {
  vi.useFakeTimers({ now: Date.UTC(2026, 2, 2, 8, 0), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  const server = new FakeServer();
  server.shift = { ...server.shift, status: 'ongoing' };
  const store = new MemoryOutboxStore();
  const clock = testClock();
  let window = { app: 'Thunderbird', title: 'Inbox' };
  const sampler = new WindowSampler({ probe: async () => window, clock, everyMs: 15_000 });
  const client = new TrackerClient({
    transport: server,
    store,
    clock,
    uuid: counterUuid(),
    source: 'desktop',
    context: { activeWindow: () => sampler.take() ?? undefined },
  });
  const input = new FakeInput();
  input.start(new ActivityCounter(client, clock.now).onInput);
  await client.start();
  sampler.start();
  return { server, client, input, sampler, setWindow: (w: typeof window) => (window = w) };
}

describe('activity rollup', () => {
  it('rolls keys, clicks, wheel and pointer moves (one a second) into the 60 s ping, source desktop', async () => {
    const { server, client, input, setWindow } = await onShift();
    input.emit('keyboard', 40);
    input.emit('click', 3);
    input.emit('wheel', 2);
    // 500 move events within one second count once.
    input.emit('move', 500);
    await vi.advanceTimersByTimeAsync(20_000);
    input.emit('move', 10);
    setWindow({ app: 'LibreOffice', title: 'Report.ods' });
    await vi.advanceTimersByTimeAsync(5_000);
    input.emit('keyboard', 2);
    await vi.advanceTimersByTimeAsync(35_000);
    await client.flush();
    const [ping] = [...server.received.values()];
    expect(ping).toMatchObject({ keyboard: 42, mouse: 3 + 2 + 1 + 1, source: 'desktop' });
    // The last input came 25 s in: 35 s without input at the ping.
    expect(ping.idle_seconds).toBe(35);
    // Sampled at 0, 15, 30, 45 s: Thunderbird twice, then LibreOffice twice (the latest wins the tie).
    expect(ping.active_window).toEqual({ app: 'LibreOffice', title: 'Report.ods' });
    client.stop();
  });

  it('counts nothing off shift: input before clock-in or after a forced logout is dropped', async () => {
    const { server, client, input } = await onShift();
    server.shift = { ...server.shift, status: 'completed' };
    await client.refresh();
    expect(client.getSnapshot().shift.status).toBe('clocked_out');
    input.emit('keyboard', 50);
    await vi.advanceTimersByTimeAsync(120_000);
    await client.flush();
    expect(server.received.size).toBe(0);
    client.stop();
  });
});
