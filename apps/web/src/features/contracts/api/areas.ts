import type { QueryClient } from '@tanstack/react-query';

/** API roots of the dashboards that read contracts and schedules. */
export const AREA = {
  admin: '/api/v1/admin-access',
  client: '/api/v1/client-access',
  manager: '/api/v1/manager-access',
  va: '/api/v1/va-access',
} as const;
export type Area = keyof typeof AREA;
/** Areas that may change schedules (admins anywhere, clients on their own contracts). */
export type WriteArea = 'admin' | 'client';

/** Every contract or schedule read may change after a write: refetch them all. */
export async function invalidateContracts(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: ['contracts'] }),
    client.invalidateQueries({ queryKey: ['schedules'] }),
  ]);
}
