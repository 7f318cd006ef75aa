import { arch, hostname, release, type } from 'node:os';
import type { TokenResponse } from '@vahub/shared/auth/schemas';
import { type FetchFn, HttpError, requestJson } from './http';
import { findProgram, runProgram } from './programs';
import { AGENT_VERSION } from './version';

const GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

type DeviceCode = {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete: string;
  expires_in: number;
  interval: number;
};

/** What the computer says of itself: its host name, system and this agent's version (shown to the VA). */
export function thisComputer() {
  const system = `${type() === 'Windows_NT' ? 'Windows' : type()} ${release()} (${arch()})`;
  return {
    device_name: hostname().slice(0, 120),
    device_system: system.slice(0, 120),
    agent_version: AGENT_VERSION,
  };
}

/** Opens a link in the VA's browser: `xdg-open` (Linux), `start` (Windows), `open` (macOS). Never throws. */
export async function openBrowser(
  url: string,
  env: NodeJS.ProcessEnv,
  platform = process.platform,
): Promise<boolean> {
  if (env.VAHUB_AGENT_NO_BROWSER) return false;
  try {
    if (platform === 'win32') {
      // `start`'s first quoted argument is the window title.
      await runProgram(env.ComSpec ?? 'cmd.exe', ['/d', '/s', '/c', `start "" "${url}"`], { env });
      return true;
    }
    const opener = await findProgram(platform === 'darwin' ? 'open' : 'xdg-open', env, platform);
    if (!opener) return false;
    await runProgram(opener, [url], { env, timeoutMs: 15_000 });
    return true;
  } catch {
    return false;
  }
}

/**
 * The device authorization grant (RFC 8628) as its client: asks for a code, shows it and the link, opens the
 * browser, and polls at the server's interval (5 s more after each `slow_down`) until the VA approves or denies,
 * or the code expires.
 */
export async function deviceLogin(o: {
  fetch: FetchFn;
  server: string;
  env: NodeJS.ProcessEnv;
  say: (text: string) => void;
  sleep?: (ms: number) => Promise<void>;
  now: () => number;
  open?: (url: string) => Promise<boolean>;
}): Promise<TokenResponse> {
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const code = await requestJson<DeviceCode>(o.fetch, `${o.server}/oauth/device/code`, {
    method: 'POST',
    body: { client_id: 'tracker', ...thisComputer() },
  });
  o.say(
    `To connect this computer, open ${code.verification_uri} and enter the code ${code.user_code}\n` +
      `(or open ${code.verification_uri_complete}). Sign in there as the VA who uses this computer.`,
  );
  const opened = await (o.open ?? ((url) => openBrowser(url, o.env)))(code.verification_uri_complete);
  o.say(opened ? 'Your browser was opened. Waiting for approval…' : 'Waiting for approval…');
  const deadline = o.now() + code.expires_in * 1000;
  let interval = Math.max(1, code.interval) * 1000;
  for (;;) {
    await sleep(interval);
    try {
      return await requestJson<TokenResponse>(o.fetch, `${o.server}/oauth/token`, {
        method: 'POST',
        body: { grant_type: GRANT, client_id: 'tracker', device_code: code.device_code },
      });
    } catch (error) {
      const reason = error instanceof HttpError ? error.oauthError : undefined;
      if (reason === 'authorization_pending') {
        if (o.now() > deadline)
          throw new HttpError('The code expired before it was approved. Run login again.');
        continue;
      }
      if (reason === 'slow_down') {
        interval += 5000;
        continue;
      }
      if (reason === 'access_denied') throw new HttpError('The sign-in was denied in the browser.');
      if (reason === 'expired_token')
        throw new HttpError('The code expired before it was approved. Run login again.');
      // The server could not be reached for a moment: keep polling until the code expires.
      if (error instanceof HttpError && error.status === undefined && o.now() < deadline) continue;
      throw error;
    }
  }
}
