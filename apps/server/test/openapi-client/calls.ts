/**
 * A client of the API written against the types openapi-typescript generates from /api/openapi.json
 * (test/openapi-document.test.ts generates `./schema.d.ts` beside a copy of this file, type-checks both, then runs
 * these calls against the app). Nothing here is written by hand about the API: paths, bodies, queries and
 * answers all come from the document.
 */
import createClient from 'openapi-fetch';
import type { paths } from './schema';

export type Fetch = (request: Request) => Promise<Response>;

export async function threeCalls(fetch: Fetch, email: string, password: string) {
  const api = createClient<paths>({ baseUrl: 'http://api.test', fetch });

  // issueToken
  const token = await api.POST('/oauth/token', {
    body: {
      grant_type: 'password',
      client_id: 'web-app',
      client_secret: 'web-app-secret',
      username: email,
      password,
    },
  });
  if (!token.data) throw new Error(`issueToken: ${token.response.status}`);
  const accessToken: string = token.data.access_token;
  const headers = { authorization: `Bearer ${accessToken}` };

  // getMe
  const me = await api.GET('/api/v1/me', { headers });
  if (!me.data) throw new Error(`getMe: ${me.response.status}`);
  const myEmail: string = me.data.email;

  // adminListUsers, with a query and a path the document spells
  const users = await api.GET('/api/v1/admin-access/users/paginated', {
    headers,
    params: { query: { per_page: 5 } },
  });
  if (!users.data) throw new Error(`adminListUsers: ${users.response.status}`);
  const emails: string[] = users.data.data.map((user) => user.email);

  // A problem answer is typed too: the wrong password's 400/401 carries the problem's title.
  const refused = await api.POST('/oauth/token', {
    body: {
      grant_type: 'password',
      client_id: 'web-app',
      client_secret: 'web-app-secret',
      username: email,
      password: 'wrong',
    },
  });
  const refusal: string | undefined = refused.error?.title;

  // The generated types refuse what the document does not have: these lines compile only because they are wrong.
  // @ts-expect-error no such path
  void (() => api.GET('/api/v1/no-such-path'));
  // @ts-expect-error the token answer has no `email`
  void token.data.email;

  return { accessToken, myEmail, emails, refusal, status: refused.response.status };
}
