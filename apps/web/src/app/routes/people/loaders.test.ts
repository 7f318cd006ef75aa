import { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientsQuery } from '../../../features/people/api/clients';
import { clientsListQuery, usersListQuery } from '../../../features/people/api/list-queries';
import { userQuery, usersQuery } from '../../../features/people/api/users';
import { clientsLoader, userLoader, usersLoader } from './loaders';

const page = { data: [], meta: { current_page: 1, per_page: 20, total: 0, last_page: 1 } };

function stubApi() {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      paths.push(`${url.pathname}${url.search}`);
      const body = url.pathname.endsWith('/clients')
        ? { ...page, counts: { active: 0, inactive: 0, onhold: 0 } }
        : page;
      return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return paths;
}

const args = (url: string, params: Record<string, string> = {}) =>
  ({
    request: new Request(`http://localhost${url}`),
    params,
    context: undefined,
  }) as unknown as LoaderFunctionArgs;

afterEach(() => vi.unstubAllGlobals());

describe('people loaders', () => {
  it('fetch the list of the URL under the key the page reads', async () => {
    const paths = stubApi();
    const client = new QueryClient();
    const url = '/admin-dashboard/users?search=ann&team=3&page=2';
    await usersLoader(args(url), client);
    const query = usersListQuery(new URL(`http://localhost${url}`).searchParams);
    expect(client.getQueryData(usersQuery('admin', query).queryKey)).toEqual(page);
    expect(
      paths.some((p) => p.startsWith('/api/v1/admin-access/users/paginated?') && p.includes('team_id=3')),
    ).toBe(true);
  });

  it('read the area and the status from the path', async () => {
    const paths = stubApi();
    const client = new QueryClient();
    await clientsLoader(args('/manager-dashboard/clients/onhold'), client);
    const query = clientsListQuery(new URLSearchParams(), 'onhold');
    expect(client.getQueryData(clientsQuery('manager', query).queryKey)).toMatchObject({
      counts: { onhold: 0 },
    });
    expect(paths).toEqual(['/api/v1/manager-access/clients?page=1&per_page=20&status=onhold']);

    await userLoader(args('/manager-dashboard/users/7', { id: '7' }), client);
    expect(client.getQueryData(userQuery('manager', 7).queryKey)).toBeDefined();
    expect(paths.at(-1)).toBe('/api/v1/manager-access/user/7');
  });
});
