import { e2eDate, e2eNow } from './clock';
import { type APIRequestContext, expect } from './fixtures';
import { apiToken, DEMO } from './helpers';

// What the web timer's and the screenshots' browser tests share: API calls, a shift for the demo VA open now.

export type Json = Record<string, unknown>;
export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

export async function json(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  token: string,
  data?: Json,
): Promise<Json> {
  const res = await request.fetch(url, { method, headers: auth(token), data });
  expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return res.status() === 204 ? {} : ((await res.json()) as Json);
}

/**
 * The demo's shifts depend on the hour, so this gives the VA a shift open now: it pauses the VA's active
 * contracts and activates a new one (with `settings`, if given) whose 4-hour block began 30 minutes ago (UTC).
 */
export async function shiftOpenNow(
  request: APIRequestContext,
  options: { title?: string; settings?: Json } = {},
): Promise<{ admin: string; vaToken: string; shiftDate: string }> {
  const admin = await apiToken(request, DEMO.admin.email);
  const vaToken = await apiToken(request, DEMO.va.email);
  const va = await json(request, 'GET', '/api/v1/me', vaToken);
  const client = await json(request, 'GET', '/api/v1/me', await apiToken(request, DEMO.client.email));
  const active = await json(
    request,
    'GET',
    `/api/v1/admin-access/contracts?va_id=${va.id}&status=active&per_page=100`,
    admin,
  );
  for (const c of active.data as Json[])
    await json(request, 'PATCH', `/api/v1/admin-access/contracts/${c.id}`, admin, { status: 'paused' });

  const from = new Date(e2eNow() - 30 * 60_000);
  const today = e2eDate().toISOString().slice(0, 10);
  const contract = await json(request, 'POST', '/api/v1/admin-access/contracts', admin, {
    va_id: va.id,
    client_id: client.id,
    title: options.title ?? 'Timer test shift',
    start_date: from.toISOString().slice(0, 10) < today ? from.toISOString().slice(0, 10) : today,
    timezone: 'UTC',
  });
  const start = from.getUTCHours() * 60 + from.getUTCMinutes();
  await json(request, 'POST', '/api/v1/admin-access/schedules', admin, {
    contract_id: contract.id,
    weekday: from.getUTCDay() === 0 ? 7 : from.getUTCDay(),
    start_minute: start,
    end_minute: (start + 240) % 1440,
  });
  if (options.settings)
    await json(request, 'POST', '/api/v1/admin-access/contracts/settings', admin, {
      contract_id: contract.id,
      ...options.settings,
    });
  await json(request, 'POST', `/api/v1/admin-access/contracts/${contract.id}/activate`, admin);
  // The engine builds the shift from the activation event: wait until the VA can clock in.
  await expect
    .poll(
      async () =>
        (await json(request, 'GET', '/api/v1/va-access/attendance/current/user', vaToken)).can_clock_in,
      { timeout: 20_000 },
    )
    .toBe(true);
  // The shift's date (UTC, the contract's zone): half an hour ago, so yesterday's just after midnight.
  return { admin, vaToken, shiftDate: from.toISOString().slice(0, 10) };
}
