import { writeSync } from 'node:fs';

/**
 * Where the server's log lines go: stdout, as pino's JSON (for machines) or, with `LOG_FORMAT=pretty`, as one
 * short human line each. Writes are synchronous and never throw: once the reader is gone (EPIPE, the parent
 * died) lines are dropped, so logging can never break a shutdown.
 */
export type LogOutput = {
  /** pino's destination: one JSON record per call. */
  write(chunk: string): void;
  /** A plain line for people (the start line), whatever the format. */
  line(text: string): void;
};

const LEVELS: Record<number, [string, string]> = {
  10: ['TRACE', '\x1b[90m'],
  20: ['DEBUG', '\x1b[36m'],
  30: ['INFO ', '\x1b[32m'],
  40: ['WARN ', '\x1b[33m'],
  50: ['ERROR', '\x1b[31m'],
  60: ['FATAL', '\x1b[35m'],
};
const RESET = '\x1b[0m';
const OMIT = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'request_id', 'req', 'res', 'responseTime']);
const BUSY_RETRIES = 200;

type Record_ = { [key: string]: unknown };

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

function clock(time: unknown): string {
  const d = typeof time === 'number' ? new Date(time) : new Date();
  return d.toISOString().slice(11, 19);
}

function extra(record: Record_): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(record)) {
    if (OMIT.has(key) || value === undefined) continue;
    if (key === 'err' && value && typeof value === 'object') {
      const err = value as { type?: string; message?: string; stack?: string };
      parts.push(`\n    ${err.stack ?? `${err.type ?? 'Error'}: ${err.message ?? ''}`}`);
      continue;
    }
    parts.push(`${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  }
  return parts.length ? ` ${parts.join(' ')}` : '';
}

/**
 * One pino JSON record as a human line: `12:00:03 INFO  GET /api/health 200 4ms`. The request's method and
 * path come from its "incoming request" record (kept until it completes), so one request is one line.
 */
export function createPrettyFormatter(colors: boolean) {
  const pending = new Map<string, string>();
  return (chunk: string): string | null => {
    let record: Record_;
    try {
      record = JSON.parse(chunk) as Record_;
    } catch {
      return chunk.endsWith('\n') ? chunk : `${chunk}\n`;
    }
    const id = typeof record.request_id === 'string' ? record.request_id : null;
    const req = record.req as { method?: string; url?: string } | undefined;
    if (id && req && record.msg === 'incoming request') {
      // Aborted requests never complete: keep the map small.
      if (pending.size > 1000) pending.clear();
      pending.set(id, `${req.method} ${req.url}`);
      return null;
    }
    const [name, color] = LEVELS[Number(record.level)] ?? ['LOG  ', ''];
    const level = colors ? `${color}${name}${RESET}` : name;
    let message = typeof record.msg === 'string' ? record.msg : '';
    const res = record.res as { statusCode?: number } | undefined;
    if (id && res && record.msg === 'request completed') {
      const took = typeof record.responseTime === 'number' ? ` ${Math.round(record.responseTime)}ms` : '';
      message = `${pending.get(id) ?? 'request'} ${res.statusCode}${took}`;
      pending.delete(id);
    } else if (id && pending.has(id)) {
      message = `${pending.get(id)}: ${message}`;
    }
    return `${clock(record.time)} ${level} ${message}${extra(record)}\n`;
  };
}

export function createLogOutput(format: 'json' | 'pretty', fd = 1, colors = false): LogOutput {
  let closed = false;
  const send = (text: string) => {
    let rest = Buffer.from(text);
    for (let attempt = 0; !closed && rest.length > 0; ) {
      try {
        rest = rest.subarray(writeSync(fd, rest));
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        // A full pipe: wait a little for the reader, then drop the line rather than hang.
        if ((code === 'EAGAIN' || code === 'EBUSY') && ++attempt < BUSY_RETRIES) sleep(5);
        else if (code === 'EAGAIN' || code === 'EBUSY') return;
        else closed = true; // EPIPE, EBADF…: nobody reads any more
      }
    }
  };
  const pretty = format === 'pretty' ? createPrettyFormatter(colors) : null;
  return {
    write(chunk) {
      if (closed) return;
      const out = pretty ? pretty(chunk) : chunk;
      if (out) send(out);
    },
    line(text) {
      if (!closed) send(`${text}\n`);
    },
  };
}
