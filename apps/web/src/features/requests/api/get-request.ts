import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/query-keys';
import { type RequestArea, requestApi } from './areas';

/** `GET {admin|manager}-access/user-requests/:id`: one request with its attachment's signed URL and its effect. */
export const requestQuery = (area: RequestArea, id: number) =>
  endpointQuery(requestApi[area].detail, { params: { id } });

export const useRequest = (area: RequestArea, id: number | undefined) =>
  useQuery({ ...requestQuery(area, id ?? 0), enabled: Boolean(id) });
