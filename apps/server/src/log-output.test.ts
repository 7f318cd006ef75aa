import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogOutput, createPrettyFormatter } from './log-output';

const dir = mkdtempSync(join(tmpdir(), 'vahub-log-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const time = Date.parse('2026-03-02T09:15:07Z');
const record = (fields: Record<string, unknown>) =>
  `${JSON.stringify({ level: 30, time, pid: 1, ...fields })}\n`;

describe('LOG_FORMAT=pretty', () => {
  it('says a request in one line: method, path, status and time', () => {
    const pretty = createPrettyFormatter(false);
    const incoming = pretty(
      record({ request_id: 'r1', req: { method: 'GET', url: '/api/health' }, msg: 'incoming request' }),
    );
    expect(incoming).toBeNull();
    const done = pretty(
      record({ request_id: 'r1', res: { statusCode: 200 }, responseTime: 4.4, msg: 'request completed' }),
    );
    expect(done).toBe('09:15:07 INFO  GET /api/health 200 4ms\n');
  });

  it('names the level, keeps the fields and the error stack, and passes non-JSON through', () => {
    const pretty = createPrettyFormatter(false);
    const line = pretty(
      record({
        level: 40,
        msg: 'mail failed',
        to: 'a@b.c',
        err: { type: 'Error', message: 'x', stack: 'Error: x\n  at y' },
      }),
    );
    expect(line).toBe('09:15:07 WARN  mail failed to=a@b.c \n    Error: x\n  at y\n');
    expect(pretty('plain text')).toBe('plain text\n');
  });

  it('colours the level only for a terminal', () => {
    expect(createPrettyFormatter(true)(record({ level: 50, msg: 'boom' }))).toContain('\x1b[31mERROR\x1b[0m');
  });
});

describe('the log output', () => {
  it('writes JSON as pino made it, and the start line as plain text', () => {
    const file = join(dir, 'out.log');
    const out = createLogOutput('json', openSync(file, 'w'));
    out.write(record({ msg: 'hello' }));
    out.line('VA Hub is running at http://localhost:3000');
    expect(readFileSync(file, 'utf8')).toBe(
      `${record({ msg: 'hello' })}VA Hub is running at http://localhost:3000\n`,
    );
  });

  it('never throws when nobody reads any more, and stops trying', () => {
    const out = createLogOutput('pretty', 987_654); // not an open descriptor: EBADF, like EPIPE
    expect(() => out.write(record({ msg: 'lost' }))).not.toThrow();
    expect(() => out.line('lost too')).not.toThrow();
  });
});
