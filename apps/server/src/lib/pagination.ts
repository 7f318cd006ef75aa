import type { PaginationMeta } from '@vahub/shared/api/problem';

export const pageOffset = (page: number, perPage: number) => (page - 1) * perPage;

export const paginationMeta = (page: number, perPage: number, total: number): PaginationMeta => ({
  current_page: page,
  per_page: perPage,
  total,
  last_page: Math.max(1, Math.ceil(total / perPage)),
});
