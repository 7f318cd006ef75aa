import type { OnlineState } from '../../../features/attendance/api/lists';

export const ONLINE_STATES: OnlineState[] = ['all', 'online', 'idle', 'offline'];

/** The presence state and page in the URL (`?state=idle&page=2`); the idle page pins its state. */
export function onlineParamsOf(params: Pick<URLSearchParams, 'get'>, fixed?: OnlineState) {
  const state = params.get('state') as OnlineState | null;
  const page = Number(params.get('page'));
  return {
    state: fixed ?? (state && ONLINE_STATES.includes(state) ? state : 'all'),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}
