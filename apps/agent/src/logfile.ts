import { appendFileSync, mkdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

/** The log file grows to this size, then becomes `agent.log.1` (and `.1` becomes `.2`, ...). */
export const LOG_MAX_BYTES = 1024 * 1024;
/** Rotated files kept beside the current one. */
export const LOG_KEEP = 3;

/**
 * The agent's log: lines appended to `path`, rotated by size (`path.1` the newest old one, up to `keep`).
 * Written synchronously: a line is on disk before the next one, even when the agent is killed right after.
 */
export class RotatingLog {
  private size: number;

  constructor(
    readonly path: string,
    private readonly maxBytes = LOG_MAX_BYTES,
    private readonly keep = LOG_KEEP,
  ) {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    try {
      this.size = statSync(path).size;
    } catch {
      this.size = 0;
    }
  }

  write(line: string): void {
    const text = `${line.replace(/\n+$/, '')}\n`;
    const bytes = Buffer.byteLength(text);
    if (this.size > 0 && this.size + bytes > this.maxBytes) this.rotate();
    appendFileSync(this.path, text, { mode: 0o600 });
    this.size += bytes;
  }

  private rotate(): void {
    rmSync(`${this.path}.${this.keep}`, { force: true });
    for (let n = this.keep - 1; n >= 1; n--) {
      try {
        renameSync(`${this.path}.${n}`, `${this.path}.${n + 1}`);
      } catch {
        // no such file yet
      }
    }
    try {
      renameSync(this.path, `${this.path}.1`);
    } catch {
      // nothing to rotate
    }
    this.size = 0;
  }
}

/** The last `count` lines of the log (reaching into the rotated files when the current one is short). */
export function tailLog(path: string, count: number, keep = LOG_KEEP): string[] {
  const lines: string[] = [];
  for (let n = 0; n <= keep && lines.length < count; n++) {
    let text: string;
    try {
      text = readFileSync(n === 0 ? path : `${path}.${n}`, 'utf8');
    } catch {
      continue;
    }
    const fileLines = text.split('\n').filter((l) => l.length > 0);
    lines.unshift(...fileLines.slice(-(count - lines.length)));
  }
  return lines;
}
