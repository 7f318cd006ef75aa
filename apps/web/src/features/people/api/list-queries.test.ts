import { describe, expect, it } from 'vitest';
import { clientStatusOfPath, clientsListQuery, usersListQuery } from './list-queries';

const params = (s: string) => new URLSearchParams(s);

describe('list queries from the URL', () => {
  it('reads the users filters and maps team to team_id', () => {
    expect(usersListQuery(params('search=ann&role=va&status=active&team=3&sort=-created_at&page=2'))).toEqual(
      {
        page: 2,
        per_page: 20,
        search: 'ann',
        role: 'va',
        status: 'active',
        team_id: 3,
        sort: '-created_at',
      },
    );
  });

  it('drops what the API would refuse, and pins a fixed role', () => {
    expect(
      usersListQuery(params('role=boss&status=gone&team=x&sort=height&page=-4'), { role: 'va' }),
    ).toEqual({
      page: 1,
      per_page: 20,
      search: undefined,
      role: 'va',
      status: undefined,
      team_id: undefined,
      sort: undefined,
    });
  });

  it('takes the clients status from the path', () => {
    expect(clientStatusOfPath('/admin-dashboard/clients/onhold')).toBe('onhold');
    expect(clientStatusOfPath('/manager-dashboard/clients')).toBeUndefined();
    expect(clientsListQuery(params('sort=company'), 'active')).toMatchObject({
      status: 'active',
      sort: 'company',
    });
  });
});
