import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { attendance, FakeServer } from '@vahub/tracker-core/test-helpers';
import { type TrackerTransport, TransportError } from '@vahub/tracker-core/transport';
import { describe, expect, it } from 'vitest';
import { cachingCurrent } from './shift-cache';

/** A transport whose `current` fails this way (the other calls are not used here). */
const failing = (error: Error): TrackerTransport => ({
  current: () => Promise.reject(error),
  clockIn: () => Promise.reject(error),
  clockOut: () => Promise.reject(error),
  sendPings: () => Promise.reject(error),
});

describe('the last known shift', () => {
  it('lets an agent started during an outage go on with the ongoing shift, and only then', async () => {
    const path = join(await mkdtemp(join(tmpdir(), 'agent-shift-')), 'shift.json');
    const server = new FakeServer();
    const now = Date.parse('2026-03-02T10:00:00.000Z');
    server.shift = attendance({ id: 9, status: 'ongoing' });
    const lines: string[] = [];
    await cachingCurrent(
      server,
      path,
      () => now,
      () => {},
    ).current();

    // A new run while nothing answers: the ongoing shift from the file.
    const down = failing(new TransportError('Cannot reach the server'));
    const offline = cachingCurrent(
      down,
      path,
      () => now + 60_000,
      (l) => lines.push(l),
    );
    expect((await offline.current()).attendance?.id).toBe(9);
    expect(lines[0]).toMatch(/going on with the shift last seen ongoing \(attendance 9\)/);
    // After that first answer, failures are failures (the running client keeps its own state).
    await expect(offline.current()).rejects.toThrow('Cannot reach the server');

    // The server's own refusal is never replaced, and a shift long over is not resumed.
    const refusing = failing(new TransportError('Unauthenticated', 401));
    await expect(
      cachingCurrent(
        refusing,
        path,
        () => now,
        () => {},
      ).current(),
    ).rejects.toThrow('Unauthenticated');
    const late = cachingCurrent(
      down,
      path,
      () => Date.parse('2026-03-02T21:00:00.000Z'),
      () => {},
    );
    await expect(late.current()).rejects.toThrow('Cannot reach the server');
  });
});
