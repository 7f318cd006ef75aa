import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { EndpointOutput } from '@vahub/shared/api/endpoint';
import {
  adminScreenshots,
  clientScreenshots,
  managerScreenshots,
  vaScreenshots,
} from '@vahub/shared/screenshots/endpoints';
import { call } from '../../../lib/api-client';
import { endpointQuery, queryKeyOf } from '../../../lib/query-keys';
import {
  countQueryOf,
  type GalleryFilters,
  galleryQueryOf,
  OWN_PAGE_SIZE,
  type ScreenshotArea,
} from './filters';
import { freshUrls } from './urls';

/** Each dashboard reads its own area of the API (a manager's and a client's answers are scoped by the server). */
export const screenshotApi = {
  admin: adminScreenshots,
  manager: managerScreenshots,
  client: clientScreenshots,
} as const;

export type ScreenshotPage = EndpointOutput<typeof adminScreenshots.list>;
export type ScreenshotItem = ScreenshotPage['data'][number];
export type ScreenshotDetail = EndpointOutput<typeof adminScreenshots.detail>;
export type LatestItem = EndpointOutput<typeof adminScreenshots.latest>['data'][number];
export type OwnPage = EndpointOutput<typeof vaScreenshots.list>;
export type OwnItem = OwnPage['data'][number];

type Paged<T> = { data: T[]; meta: { current_page: number; last_page: number } };
const nextPage = <T>(last: Paged<T>) =>
  last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined;
const allItems = <T>(data: { pages: Paged<T>[] }) => data.pages.flatMap((p) => p.data);

/** The gallery's captures, newest first, a page at a time ("load more" appends the next, older page). */
export function galleryQuery(area: ScreenshotArea, filters: GalleryFilters) {
  const endpoint = screenshotApi[area].list;
  const query = galleryQueryOf(filters);
  return infiniteQueryOptions({
    queryKey: [...queryKeyOf(endpoint, { query }), 'pages'] as const,
    queryFn: ({ pageParam, signal }) =>
      call(endpoint, { query: { ...query, page: pageParam } }, signal) as Promise<ScreenshotPage>,
    initialPageParam: 1,
    getNextPageParam: nextPage,
    ...freshUrls(allItems<ScreenshotItem>),
  });
}
export const useGallery = (area: ScreenshotArea, filters: GalleryFilters) =>
  useInfiniteQuery({ ...galleryQuery(area, filters), placeholderData: keepPreviousData });

/** Counts per day for the strip above the gallery (`screenshot-count`). */
export const countQuery = (area: ScreenshotArea, filters: GalleryFilters) =>
  endpointQuery(screenshotApi[area].count, { query: countQueryOf(filters) });
export const useScreenshotCount = (area: ScreenshotArea, filters: GalleryFilters) =>
  useQuery({ ...countQuery(area, filters), placeholderData: keepPreviousData });

/** One capture, its other screens, and the previous and next of the same VA. */
export const detailQuery = (area: ScreenshotArea, id: number) => ({
  ...endpointQuery(screenshotApi[area].detail, { params: { id } }),
  ...freshUrls((d: ScreenshotDetail) => [d, ...d.siblings]),
});
export const useScreenshotDetail = (area: ScreenshotArea, id: number) => useQuery(detailQuery(area, id));

/** The live wall: each VA on shift now with their latest capture. */
export const LIVE_WALL_PAGE_SIZE = 48;
export const latestQuery = (area: ScreenshotArea, page: number) => ({
  ...endpointQuery(screenshotApi[area].latest, { query: { page, per_page: LIVE_WALL_PAGE_SIZE } }),
  ...freshUrls((d: { data: LatestItem[] }) => d.data.map((item) => item.screenshot)),
});
export const useLatest = (area: ScreenshotArea, page: number) =>
  useQuery({ ...latestQuery(area, page), placeholderData: keepPreviousData });

/** The VA's own captures of one day (the attendance's date), a page at a time. */
export function ownQuery(date: string) {
  const query = { start_date: date, end_date: date, per_page: OWN_PAGE_SIZE };
  return infiniteQueryOptions({
    queryKey: [...queryKeyOf(vaScreenshots.list, { query }), 'pages'] as const,
    queryFn: ({ pageParam, signal }) =>
      call(vaScreenshots.list, { query: { ...query, page: pageParam } }, signal) as Promise<OwnPage>,
    initialPageParam: 1,
    getNextPageParam: nextPage,
    ...freshUrls(allItems<OwnItem>),
  });
}
export const useOwnScreenshots = (date: string) =>
  useInfiniteQuery({ ...ownQuery(date), placeholderData: keepPreviousData });

/** The VA's counts per day over a period (their day strip). */
export const ownCountQuery = (from: string, to: string) =>
  endpointQuery(vaScreenshots.count, { query: { start_date: from, end_date: to } });
export const useOwnCount = (from: string, to: string) =>
  useQuery({ ...ownCountQuery(from, to), placeholderData: keepPreviousData });

/** Every capture of the loaded pages, in order. */
export const itemsOf = <T>(data: { pages: Paged<T>[] } | undefined): T[] => (data ? allItems(data) : []);
