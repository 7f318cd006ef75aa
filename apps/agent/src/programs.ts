import { execFile } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import { delimiter, join } from 'node:path';

/** Where a program is on PATH (PATHEXT's endings on Windows), or null. Nothing is run to find it. */
export async function findProgram(
  name: string,
  env: NodeJS.ProcessEnv = process.env,
  platform = process.platform,
): Promise<string | null> {
  const dirs = (env.PATH ?? env.Path ?? '').split(platform === 'win32' ? ';' : delimiter).filter(Boolean);
  const endings = platform === 'win32' ? ['', ...(env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';')] : [''];
  for (const dir of dirs)
    for (const ending of endings) {
      const file = join(dir, name + ending.toLowerCase());
      try {
        await access(file, platform === 'win32' ? constants.F_OK : constants.X_OK);
        return file;
      } catch {
        // not here
      }
    }
  return null;
}

/** Runs a program to its end; answers its output, or throws with its error output. */
export function runProgram(
  file: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      file,
      args,
      { env: options.env, timeout: options.timeoutMs ?? 10_000, windowsHide: true, encoding: 'utf8' },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${file} failed: ${(stderr || error.message).trim()}`));
        else resolve(stdout);
      },
    );
  });
}
