/** A failed call: `status` is undefined when nothing answered. */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    /** The OAuth `error` of a refusal (`authorization_pending`, `slow_down`, ...). */
    readonly oauthError?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export type FetchFn = typeof fetch;

/** A JSON call to the server; the error carries the server's message. */
export async function requestJson<T>(
  fetchFn: FetchFn,
  url: string,
  init: { method?: string; token?: string | null; body?: unknown } = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetchFn(url, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new HttpError(
      `Cannot reach the server (${cause?.code ?? cause?.message ?? (error as Error).message})`,
    );
  }
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!res.ok) {
    const problem = (json ?? {}) as { message?: string; error_description?: string; error?: string };
    throw new HttpError(
      problem.error_description ?? problem.message ?? `The server answered ${res.status}`,
      res.status,
      typeof problem.error === 'string' ? problem.error : undefined,
    );
  }
  return json as T;
}

/** Why a fetch failed, in words: "Cannot reach the server (ECONNREFUSED)". */
export function networkMessage(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return `Cannot reach the server (${cause?.code ?? cause?.message ?? (error as Error).message})`;
}

/** A fetch whose network failures say what happened (the core shows the message as the last error). */
export function explainingFetch(fetchFn: FetchFn): FetchFn {
  return (async (...args: Parameters<FetchFn>) => {
    try {
      return await fetchFn(...args);
    } catch (error) {
      throw new Error(networkMessage(error));
    }
  }) as FetchFn;
}
