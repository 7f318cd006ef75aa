import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { billingEndpoints, superAdminPlans } from '@vahub/shared/billing/endpoints';
import type { PlanInput, PlanPatch } from '@vahub/shared/billing/schemas';
import { call } from '../../../lib/api-client';
import { endpointQuery, invalidate } from '../../../lib/query-keys';

/** `GET billing/summary`: plan, state, seats, trial, grace period, renewal. */
export const billingSummaryQuery = () => endpointQuery(billingEndpoints.summary, {});
export const useBillingSummary = () => useQuery(billingSummaryQuery());

/** `GET billing/invoices`: the organization's invoices at the provider (only with billing on). */
export const invoicesQuery = () => endpointQuery(billingEndpoints.invoices, {});
export const useInvoices = (enabled: boolean) => useQuery({ ...invoicesQuery(), enabled });

/** `POST checkout`: the hosted checkout's URL for a plan (by its price id, else by its id). */
export const startCheckout = (plan: { id: number; price_id: string | null }) =>
  call(billingEndpoints.checkout, {
    body: plan.price_id ? { price_id: plan.price_id } : { plan_id: plan.id },
  });

/** `POST checkout-success`: verifies the paid session and activates the organization. */
export function useConfirmCheckout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      call(billingEndpoints.checkoutSuccess, { body: { session_id: sessionId } }),
    onSuccess: () => invalidate(client, 'organizations', 'billing', 'settings', 'session'),
  });
}

/** `POST cashier/portal-link`: the provider's customer portal. */
export const usePortalLink = () => useMutation({ mutationFn: () => call(billingEndpoints.portalLink, {}) });

/** Super admin: every plan. */
export const adminPlansQuery = () => endpointQuery(superAdminPlans.list, {});
export const useAdminPlans = () => useQuery(adminPlansQuery());

function usePlanChange<I>(fn: (input: I) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => invalidate(client, 'plans', 'billing') });
}
export const useCreatePlan = () => usePlanChange((body: PlanInput) => call(superAdminPlans.create, { body }));
export const useUpdatePlan = () =>
  usePlanChange(({ id, body }: { id: number; body: PlanPatch }) =>
    call(superAdminPlans.update, { params: { id }, body }),
  );
export const useRemovePlan = () =>
  usePlanChange((id: number) => call(superAdminPlans.remove, { params: { id } }));

/** The pages' loaders. */
export const billingLoader = (_: unknown, client: import('@tanstack/react-query').QueryClient) =>
  client.ensureQueryData(billingSummaryQuery());
export const plansAdminLoader = (_: unknown, client: import('@tanstack/react-query').QueryClient) =>
  client.ensureQueryData(adminPlansQuery());
