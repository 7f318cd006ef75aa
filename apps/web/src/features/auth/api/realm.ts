import { useQuery } from '@tanstack/react-query';
import { SYSTEM_CALLS } from '@vahub/shared/system/calls';
import type { systemEndpoints } from '@vahub/shared/system/endpoints';
import { contractOf } from '../../../lib/api-client';
import { endpointQuery } from '../../../lib/query-keys';

// Every page's first script reads the realm (reload prompt, demo accounts): call data, not the contract.
const realm = contractOf<typeof systemEndpoints.realm>(SYSTEM_CALLS.realm);

/** `GET /api/v1/realm`: what this installation offers; it changes only with a restart. */
export const realmQueryOptions = () => ({ ...endpointQuery(realm, {}), staleTime: Number.POSITIVE_INFINITY });

export const useRealm = () => useQuery(realmQueryOptions());
