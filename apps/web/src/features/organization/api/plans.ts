import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Plan } from '@vahub/shared/organization/schemas';
import { apiFetch } from '../../../lib/api-client';

export const getPlans = (): Promise<Plan[]> => apiFetch<Plan[]>('/api/v1/plans');

export const plansQueryOptions = () => queryOptions({ queryKey: ['plans'], queryFn: getPlans });

export const usePlans = () => useQuery(plansQueryOptions());
