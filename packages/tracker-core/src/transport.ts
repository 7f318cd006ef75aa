import type { Attendance } from '@vahub/shared/attendance/schemas';
import type {
  CurrentShift,
  PingInput,
  PingResult,
  ServerCurrentTask,
} from '@vahub/shared/attendance/tracker-protocol';

/**
 * The four tracker calls of DOMAIN.md ("Tracker protocol and realtime"), as the core needs them. The web
 * timer implements it with the app's api client (session, refresh); other hosts use `fetchTransport`.
 */
export interface TrackerTransport {
  current(): Promise<CurrentShift>;
  clockIn(attendanceId?: number): Promise<Attendance>;
  clockOut(attendanceId: number): Promise<Attendance>;
  sendPings(attendanceId: number, pings: PingInput[]): Promise<PingResult>;
  /**
   * Tells the server what the ongoing shift works on (`PUT attendance/current-task`), so the VA's other
   * trackers follow. Without it the choice stays this tracker's own.
   */
  setCurrentTask?(attendanceId: number, task: ServerCurrentTask | null): Promise<unknown>;
}

/** A failed call: `status` is undefined when nothing answered (offline, DNS, reset). */
export class TransportError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

/** The status of any error a transport threw: hosts may throw their own error types with a `status`. */
export function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** The part of `fetch` a transport uses; `Body` is what the host's fetch must accept as a body. */
export type FetchLike<Body = string> = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: Body },
) => Promise<{ status: number; ok: boolean; text(): Promise<string> }>;

/** How a fetch transport reaches the server: its origin, the bearer token, the host's fetch. */
export interface FetchAccess<Body> {
  baseUrl: string;
  getToken: () => Promise<string | null> | string | null;
  fetch: FetchLike<Body>;
}

/**
 * One call over `fetch` with a bearer token, answering the parsed JSON. Nothing answering throws a
 * `TransportError` without a status; an error answer throws one with its status and message code.
 * `lenient` keeps a body that is not JSON as its text (otherwise the parse error is thrown).
 */
export async function fetchCall<Body>(
  access: FetchAccess<Body>,
  call: {
    method: 'GET' | 'POST' | 'PUT';
    path: string;
    contentType?: string;
    body?: Body;
    lenient?: boolean;
  },
): Promise<unknown> {
  const token = await access.getToken();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (call.contentType) headers['Content-Type'] = call.contentType;
  if (token) headers.Authorization = `Bearer ${token}`;
  let res: Awaited<ReturnType<FetchLike<Body>>>;
  try {
    res = await access.fetch(`${access.baseUrl}${call.path}`, {
      method: call.method,
      headers,
      body: call.body,
    });
  } catch (error) {
    throw new TransportError(error instanceof Error ? error.message : String(error));
  }
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch (error) {
    if (!call.lenient) throw error;
    parsed = text;
  }
  if (!res.ok) {
    const problem = (parsed ?? {}) as { message?: string; message_code?: { code?: string } };
    throw new TransportError(
      problem.message ?? `Request failed with status ${res.status}`,
      res.status,
      problem.message_code?.code,
    );
  }
  return parsed;
}

export interface FetchTransportOptions extends FetchAccess<string> {
  /** The server's origin, e.g. `http://127.0.0.1:3000`. */
  baseUrl: string;
}

const VA = '/api/v1/va-access/attendance';

/** A transport over `fetch` with a bearer token (the desktop agent, the simulator, tests). */
export function fetchTransport(options: FetchTransportOptions): TrackerTransport {
  const request = async <T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> =>
    (await fetchCall(options, {
      method,
      path,
      contentType: body === undefined ? undefined : 'application/json',
      body: body === undefined ? undefined : JSON.stringify(body),
    })) as T;
  return {
    current: () => request('GET', `${VA}/current/user`),
    clockIn: (attendanceId) =>
      request('POST', `${VA}/clock-in`, attendanceId ? { attendance_id: attendanceId } : {}),
    clockOut: (attendanceId) => request('POST', `${VA}/clock-out`, { attendance_id: attendanceId }),
    sendPings: (attendanceId, pings) =>
      request('POST', `${VA}/pings`, { attendance_id: attendanceId, pings }),
    setCurrentTask: (attendanceId, task) =>
      request('PUT', `${VA}/current-task`, { attendance_id: attendanceId, task }),
  };
}
