import type { Attendance } from '@vahub/shared/attendance/schemas';
import type { CurrentShift, PingInput, PingResult } from '@vahub/shared/attendance/tracker-protocol';

/**
 * The four tracker calls of DOMAIN.md ("Tracker protocol and realtime"), as the core needs them. The web
 * timer implements it with the app's api client (session, refresh); other hosts use `fetchTransport`.
 */
export interface TrackerTransport {
  current(): Promise<CurrentShift>;
  clockIn(attendanceId?: number): Promise<Attendance>;
  clockOut(attendanceId: number): Promise<Attendance>;
  sendPings(attendanceId: number, pings: PingInput[]): Promise<PingResult>;
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

type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
) => Promise<{ status: number; ok: boolean; text(): Promise<string> }>;

export interface FetchTransportOptions {
  /** The server's origin, e.g. `http://127.0.0.1:3000`. */
  baseUrl: string;
  getToken: () => Promise<string | null> | string | null;
  fetch: FetchLike;
}

const VA = '/api/v1/va-access/attendance';

/** A transport over `fetch` with a bearer token (the desktop agent, the simulator, tests). */
export function fetchTransport(options: FetchTransportOptions): TrackerTransport {
  async function request<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const token = await options.getToken();
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let res: Awaited<ReturnType<FetchLike>>;
    try {
      res = await options.fetch(`${options.baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new TransportError(error instanceof Error ? error.message : String(error));
    }
    const text = await res.text();
    const parsed: unknown = text ? JSON.parse(text) : null;
    if (!res.ok) {
      const problem = (parsed ?? {}) as { message?: string; message_code?: { code?: string } };
      throw new TransportError(
        problem.message ?? `Request failed with status ${res.status}`,
        res.status,
        problem.message_code?.code,
      );
    }
    return parsed as T;
  }
  return {
    current: () => request('GET', `${VA}/current/user`),
    clockIn: (attendanceId) =>
      request('POST', `${VA}/clock-in`, attendanceId ? { attendance_id: attendanceId } : {}),
    clockOut: (attendanceId) => request('POST', `${VA}/clock-out`, { attendance_id: attendanceId }),
    sendPings: (attendanceId, pings) =>
      request('POST', `${VA}/pings`, { attendance_id: attendanceId, pings }),
  };
}
