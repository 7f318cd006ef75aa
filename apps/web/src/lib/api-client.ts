import {
  type EndpointDef,
  type EndpointInput,
  type EndpointOutput,
  pathOf,
} from '@vahub/shared/api/endpoint';
import { SESSION_CALLS } from '@vahub/shared/auth/calls';
import type { authEndpoints } from '@vahub/shared/auth/endpoints';
import { ApiError, type HttpFailure, normalizeError, type RequestInfo } from './normalize-error';
import {
  clearSession,
  isTokenExpired,
  loadSession,
  nowSeconds,
  type Session,
  updateSession,
} from './session';

type UnauthorizedHandler = () => void;

/**
 * The server's 403s and 402s that mean "finish this first" rather than "not yours": an email to verify, a plan to
 * choose (the organization's subscription became inactive). The app then reads the person and organization
 * again, and its route gate shows the page that says why (verify your email, choose a plan, ask your admin).
 */
const RESTRICTION_CODES = new Set([
  'auth.email_not_verified',
  'auth.organization_suspended',
  'billing.subscription_inactive',
  'billing.clock_in_inactive',
]);
let onRestricted: () => void = () => {};

/** The app points this at its router. */
export function setRestrictedHandler(handler: () => void): void {
  onRestricted = handler;
}

const restrictionOf = (body: unknown): boolean => {
  const code = (body as { message_code?: { code?: unknown } } | null)?.message_code?.code;
  return typeof code === 'string' && RESTRICTION_CODES.has(code);
};

let onUnauthorized: UnauthorizedHandler = () => window.location.assign('/login');

/** The app points this at its router; the default reloads to /login. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

/** Any 401 or failed refresh: forget the session and go to /login. */
export function handleUnauthorized(): void {
  clearSession();
  onUnauthorized();
}

export function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

let refreshing: Promise<string> | null = null;

type Refresh = typeof authEndpoints.refresh;

// A raw fetch, not `call`: a refresh must never wait for a token nor log out through the 401 handler.
async function refresh(session: Session): Promise<string> {
  try {
    const body: EndpointInput<Refresh>['body'] = { RefreshToken: session.refreshToken };
    const res = await fetch(SESSION_CALLS.refresh.path, {
      method: SESSION_CALLS.refresh.method,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
    if (!res.ok) throw new Error(`Refresh failed with status ${res.status}`);
    const tokens = (await res.json()) as EndpointOutput<Refresh>;
    updateSession({
      token: tokens.access_token,
      refreshToken: tokens.refresh_token,
      tokenExpire: nowSeconds() + tokens.expires_in,
    });
    return tokens.access_token;
  } catch {
    handleUnauthorized();
    throw new ApiError({ message: 'Your session has expired, please sign in again.', status: 401 });
  }
}

/** A usable access token, refreshed first when expired; concurrent callers share one refresh. */
export async function getValidToken(): Promise<string | null> {
  const session = loadSession();
  if (!session) return null;
  if (!isTokenExpired(session)) return session.token;
  if (!refreshing) {
    refreshing = refresh(session).finally(() => {
      refreshing = null;
    });
  }
  return refreshing;
}

/** Refreshes now although the stored token looks valid (the realtime socket was refused it); shares a refresh in flight. */
export async function refreshNow(): Promise<string | null> {
  const session = loadSession();
  if (!session) return null;
  if (!refreshing) {
    refreshing = refresh(session).finally(() => {
      refreshing = null;
    });
  }
  return refreshing;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** Send the bearer token (default true); a 401 then logs out. */
  auth?: boolean;
  signal?: AbortSignal;
  /** Read the success body as a file (a `download` endpoint) instead of JSON. */
  file?: boolean;
}

/** A file an endpoint answered, with the name its `Content-Disposition` gave. */
export type DownloadedFile = { blob: Blob; fileName: string };

/** The file name of a `Content-Disposition` header (RFC 6266: `filename*` first, then `filename`). */
export function fileNameOf(disposition: string | null, fallback = 'download'): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1] : fallback;
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The answer to a read the dashboards' HTML started before the app's code ran (`src/boot/early-reads.ts`): taken
 * once, and only if asked with the same token (or none, for a public read).
 */
function takeEarlyRead(url: string, method: string, token: string | null): Promise<Response> | null {
  const reads = typeof window === 'undefined' ? undefined : window.earlyReads;
  const read = method === 'GET' ? reads?.[url] : undefined;
  if (!reads || !read) return null;
  delete reads[url];
  return token === null || read.token === token ? read.response : null;
}

export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, auth = true, signal, file = false } = options;
  const url = buildUrl(path, query);
  const request: RequestInfo = { method, url };
  const headers: Record<string, string> = { Accept: 'application/json' };
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  const xsrf = readCookie('XSRF-TOKEN');
  if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  const token = auth ? await getValidToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;

  let res: Response;
  try {
    res = await (takeEarlyRead(url, method, token) ??
      fetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
        credentials: 'same-origin',
        signal,
      }));
  } catch (error) {
    const failure: HttpFailure = { message: error instanceof Error ? error.message : String(error), request };
    throw new ApiError(normalizeError(failure));
  }

  if (!res.ok) {
    const responseBody = await readBody(res);
    if (res.status === 401 && auth) handleUnauthorized();
    if ((res.status === 403 || res.status === 402) && auth && restrictionOf(responseBody)) onRestricted();
    throw new ApiError(
      normalizeError({
        message: res.statusText || `Request failed with status ${res.status}`,
        request,
        response: { status: res.status, body: responseBody },
      }),
    );
  }
  if (res.status === 204) return undefined as T;
  if (file) {
    const downloaded: DownloadedFile = {
      blob: await res.blob(),
      fileName: fileNameOf(res.headers.get('Content-Disposition')),
    };
    return downloaded as T;
  }
  return (await readBody(res)) as T;
}

type Query = RequestOptions['query'];

/**
 * Calls an endpoint of the shared contract: the path, method and types come from its definition, so no URL
 * or response type is written twice.
 */
export function call<E extends EndpointDef>(
  endpoint: E,
  input: EndpointInput<E>,
  signal?: AbortSignal,
): Promise<EndpointOutput<E>> {
  const { params, query, body } = input as {
    params?: Record<string, unknown>;
    query?: object;
    body?: unknown;
  };
  return apiFetch<EndpointOutput<E>>(pathOf(endpoint.path, params), {
    method: endpoint.method,
    query: query as Query,
    body,
    auth: endpoint.access !== 'public',
    signal,
  });
}

/** Fetches a `download` endpoint's file (with the session's token, so no token ever lands in a URL). */
export function fetchFile<E extends EndpointDef & { download: true }>(
  endpoint: E,
  input: EndpointInput<E>,
  signal?: AbortSignal,
): Promise<DownloadedFile> {
  const { params, query } = input as { params?: Record<string, unknown>; query?: object };
  return apiFetch<DownloadedFile>(pathOf(endpoint.path, params), {
    method: endpoint.method,
    query: query as Query,
    auth: endpoint.access !== 'public',
    signal,
    file: true,
  });
}

/** Hands a fetched file to the browser's download (an object URL on a transient link). */
export function saveFile({ blob, fileName }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * An endpoint's call data (method, path, access, resource) typed as its whole contract, for what the first
 * page calls: importing a contract brings its zod schemas, which would double that page's script, so those
 * endpoints keep their call data apart (`SESSION_CALLS`, `SYSTEM_CALLS`). `call` and `endpointQuery` read
 * nothing else; the type parameter checks that the data is that contract's.
 */
export const contractOf = <E extends EndpointDef>(
  data: Pick<E, 'method' | 'path' | 'access' | 'resource'>,
): E => data as E;
