import { type FetchFn, requestJson } from './http';
import { AGENT_VERSION } from './version';

/** What the server offers (`GET /api/v1/config/app-download-links`): a link per system and the latest version. */
type Links = { windows: string | null; mac: string | null; linux: string | null; version?: string | null };

export interface UpdateInfo {
  current: string;
  /** The version the server offers, when it says one. */
  latest: string | null;
  /** Newer than this agent: the VA should install it (the agent never updates itself). */
  available: boolean;
  /** This system's download link. */
  link: string | null;
  checked_at: string;
}

/** `1.10.0` > `1.9.3`; pre-release or build suffixes are ignored. */
export function newerVersion(candidate: string, current: string): boolean {
  const parts = (v: string) =>
    v
      .replace(/^v/, '')
      .split(/[-+]/)[0]
      .split('.')
      .map((n) => Number.parseInt(n, 10) || 0);
  const a = parts(candidate);
  const b = parts(current);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  }
  return false;
}

const linkFor = (links: Links, platform: NodeJS.Platform) =>
  platform === 'win32' ? links.windows : platform === 'darwin' ? links.mac : links.linux;

/** Asks the server whether a newer agent exists (the agent checks at start and daily; `status` on demand). */
export async function checkForUpdate(
  fetchFn: FetchFn,
  server: string,
  now: number,
  platform: NodeJS.Platform = process.platform,
  current = AGENT_VERSION,
): Promise<UpdateInfo> {
  const links = await requestJson<Links>(fetchFn, `${server}/api/v1/config/app-download-links`);
  const latest = links.version ?? null;
  return {
    current,
    latest,
    available: latest !== null && newerVersion(latest, current),
    link: linkFor(links, platform),
    checked_at: new Date(now).toISOString(),
  };
}
