import { useQuery } from '@tanstack/react-query';
import { vaRequests } from '@vahub/shared/requests/endpoints';
import { endpointQuery } from '../../../lib/query-keys';

/** `GET va-access/user-requests/:id`: one of the VA's requests, with its attachment and its effect. */
export const myRequestQuery = (id: number) => endpointQuery(vaRequests.detail, { params: { id } });

export const useMyRequest = (id: number) => useQuery(myRequestQuery(id));
