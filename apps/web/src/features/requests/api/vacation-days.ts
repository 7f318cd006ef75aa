import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { vaRequests } from '@vahub/shared/requests/endpoints';
import type { VacationDaysQuery } from '@vahub/shared/requests/schemas';
import { call } from '../../../lib/api-client';
import { queryKeyOf } from '../../../lib/query-keys';

/**
 * `POST va-access/user-vacations/days`: the working days a range covers under a contract and the allowance
 * left per year. A read, so a query: it refetches whenever the contract, type or dates change (null: not
 * asked yet).
 */
export const useVacationDays = (body: VacationDaysQuery | null) =>
  useQuery({
    queryKey: queryKeyOf(vaRequests.vacationDays, body ? { body } : undefined),
    queryFn: ({ signal }) => call(vaRequests.vacationDays, { body: body as VacationDaysQuery }, signal),
    enabled: body !== null,
    placeholderData: keepPreviousData,
  });
