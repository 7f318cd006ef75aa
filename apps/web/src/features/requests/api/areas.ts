import type { EndpointOutput } from '@vahub/shared/api/endpoint';
import { adminRequests, managerRequests } from '@vahub/shared/requests/endpoints';

/** The deciders' areas of the API: the admin reads every VA's requests, a manager those in their scope. */
export type RequestArea = 'admin' | 'manager';

export const requestApi = { admin: adminRequests, manager: managerRequests } as const;

export type RequestPage = EndpointOutput<typeof adminRequests.list>;
export type RequestRow = RequestPage['data'][number];
export type RequestDetail = EndpointOutput<typeof adminRequests.detail>;
