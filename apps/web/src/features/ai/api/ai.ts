import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminAi, clientAi, managerAi, vaAi } from '@vahub/shared/ai/endpoints';
import type { DashboardRole } from '@vahub/shared/auth/roles';
import { clientContracts } from '@vahub/shared/contracts/endpoints';
import { adminUsers } from '@vahub/shared/users/endpoints';
import { call } from '../../../lib/api-client';
import { endpointQuery, invalidate } from '../../../lib/query-keys';

/** The areas that read AI results (the admin, a manager, a client, the VA). */
const RESULTS = {
  admin: adminAi.results,
  manager: managerAi.results,
  client: clientAi.results,
  va: vaAi.results,
} as const;
/** The areas with batches and analytics reports (the spec's: admin and client). */
export type PeriodArea = 'admin' | 'client';
const PERIOD = { admin: adminAi, client: clientAi } as const;

export const isPeriodArea = (role: DashboardRole): role is PeriodArea =>
  role === 'admin' || role === 'client';

/** An attendance's results; a queued or running one is being written by a job: look again until it is finished. */
export const resultsQuery = (role: DashboardRole, attendanceId: number) => ({
  ...endpointQuery(RESULTS[role], { query: { attendance_id: attendanceId } }),
  refetchInterval: (q: { state: { data?: { data: Array<{ status: string }> } } }) =>
    q.state.data?.data.some((r) => r.status === 'queued' || r.status === 'running') ? 1500 : false,
});

export const useResults = (role: DashboardRole, attendanceId: number) =>
  useQuery(resultsQuery(role, attendanceId));

export const usePrompts = (role: PeriodArea) => useQuery(endpointQuery(PERIOD[role].prompts, {}));

export function useProcessAttendance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { attendance_id: number; prompt_id: string }) =>
      call(adminAi.processAttendance, { body }),
    onSettled: () => invalidate(client, 'ai'),
  });
}

export function useAddNote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: number; note: string }) =>
      call(vaAi.addNote, { params: { id }, body: { note } }),
    onSettled: () => invalidate(client, 'ai'),
  });
}

export type PeriodBody = { start_date: string; end_date: string; va_ids?: number[]; prompt_id?: string };

export const useReports = (role: PeriodArea) => useQuery(endpointQuery(PERIOD[role].reports, {}));

export function useGenerateReport(role: PeriodArea) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PeriodBody) => call(PERIOD[role].generateReport, { body }),
    onSettled: () => invalidate(client, 'ai'),
  });
}

export const useBatches = (role: PeriodArea) =>
  useQuery({
    ...endpointQuery(PERIOD[role].batches, {}),
    refetchInterval: (q) => (q.state.data?.data.some((b) => b.status !== 'done') ? 2000 : false),
  });

export const useBatch = (role: PeriodArea, id: number | null) =>
  useQuery({ ...endpointQuery(PERIOD[role].batch, { params: { id: id ?? 0 } }), enabled: id !== null });

export function useCreateBatch(role: PeriodArea) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PeriodBody) => call(PERIOD[role].createBatch, { body }),
    onSettled: () => invalidate(client, 'ai'),
  });
}

export const useAiSettings = () => useQuery(endpointQuery(adminAi.settings, {}));

export function useUpdateAiSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { enabled?: boolean; window_titles?: boolean }) =>
      call(adminAi.updateSettings, { body }),
    onSettled: () => invalidate(client, 'ai'),
  });
}

export function useSavePrompt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id?: string; name: string; description: string; template: string }) =>
      id
        ? call(adminAi.updatePrompt, { params: { id: Number(id) }, body })
        : call(adminAi.createPrompt, { body }),
    onSettled: () => invalidate(client, 'ai'),
  });
}

export function useDeletePrompt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(adminAi.deletePrompt, { params: { id: Number(id) } }),
    onSettled: () => invalidate(client, 'ai'),
  });
}

/** The VAs a period may name: the admin's organization's, a client's own. */
export function useVaOptions(role: PeriodArea) {
  const admin = useQuery({
    ...endpointQuery(adminUsers.list, { query: { role: 'va', per_page: 100, page: 1, sort: 'name' } }),
    enabled: role === 'admin',
  });
  const client = useQuery({ ...endpointQuery(clientContracts.vaList, {}), enabled: role === 'client' });
  const rows = role === 'admin' ? admin.data?.data : client.data?.data;
  return (rows ?? []).map((u) => ({ value: String(u.id), label: u.name }));
}
