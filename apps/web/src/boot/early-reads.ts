/**
 * The first reads of a returning user's dashboard (who they are, their organization, the installation's realm),
 * started as soon as this tiny script arrives: the dashboards' HTML loads it as an `async` module beside the app's
 * code (`bundling/first-page.ts`), so the answers are in by the time the app's router asks, instead of being asked
 * for once the app's code has downloaded and run. The app takes each answer once, if made with the token it would
 * use (`takeEarlyRead`, lib/api-client.ts); anything else (no session, an expired token) leaves it to the app.
 *
 * It imports nothing, on purpose: a module it imported would make it wait for that module's chunk (the app's).
 * The session's storage key and shape are `lib/session.ts`'s, the paths the shared calls'.
 */
export type EarlyRead = { token: string; response: Promise<Response> };

declare global {
  interface Window {
    earlyReads?: Record<string, EarlyRead>;
  }
}

const READS = ['/api/v1/me', '/api/v1/organization', '/api/v1/realm'];

function storedToken(): string | null {
  for (const storage of [localStorage, sessionStorage]) {
    try {
      const session = JSON.parse(storage.getItem('session') ?? 'null') as {
        token?: unknown;
        tokenExpire?: unknown;
      } | null;
      if (typeof session?.token !== 'string') continue;
      // An expired token is refreshed by the app first.
      return typeof session.tokenExpire === 'number' && session.tokenExpire > Date.now() / 1000
        ? session.token
        : null;
    } catch {
      // unreadable: the app decides
    }
  }
  return null;
}

const token = storedToken();
if (token) {
  const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${token}` };
  const xsrf = /(?:^|;\s*)XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1];
  if (xsrf) headers['X-XSRF-TOKEN'] = decodeURIComponent(xsrf);
  window.earlyReads = Object.fromEntries(
    READS.map((path) => [path, { token, response: fetch(path, { headers, credentials: 'same-origin' }) }]),
  );
}
