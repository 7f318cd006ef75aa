import { AREAS, type Role } from '@vahub/shared/auth/roles';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness, PASSWORD } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

const people: Array<[Role, string]> = [
  ['super_admin', 'root@home.test'],
  ['admin', 'admin@home.test'],
  ['manager', 'manager@home.test'],
  ['client', 'client@home.test'],
  ['va', 'va@home.test'],
];

beforeEach(async () => {
  await h.reset();
  for (const [role, email] of people) await h.createUser({ email, roles: [role] });
});

function multipart(field: string, filename: string, type: string, content: Buffer) {
  const boundary = '----vahubtest';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('area guards', () => {
  // Which role may enter which area; everyone else gets 403 on any path of it.
  const allowed: Record<(typeof AREAS)[number], Role[]> = {
    'super-admin': ['super_admin'],
    admin: ['super_admin', 'admin'],
    manager: ['manager'],
    client: ['client'],
    va: ['va'],
  };
  for (const area of AREAS) {
    for (const [role, email] of people) {
      const ok = allowed[area].includes(role);
      it(`${role} ${ok ? 'enters' : 'is refused from'} /api/v1/${area}-access`, async () => {
        const headers = await h.bearer(email);
        const res = await h.app.inject({ url: `/api/v1/${area}-access/probe-path`, headers });
        // Inside an allowed area an unknown path is a plain 404; outside it is 403.
        expect(res.statusCode).toBe(ok ? 404 : 403);
        expect(res.headers['content-type']).toContain('application/problem+json');
      });
    }
    it(`/api/v1/${area}-access answers 401 without a token`, async () => {
      expect((await h.app.inject({ url: `/api/v1/${area}-access/probe-path` })).statusCode).toBe(401);
    });
  }

  it('real area routes are guarded too: the outbox is for super admins only', async () => {
    for (const [role, email] of people) {
      const res = await h.app.inject({
        url: '/api/v1/super-admin-access/outbox',
        headers: await h.bearer(email),
      });
      expect(res.statusCode, role).toBe(role === 'super_admin' ? 200 : 403);
    }
  });

  it('VA profile aliases are for VAs only', async () => {
    const asClient = await h.app.inject({
      method: 'PATCH',
      url: '/api/v1/va-access/user',
      headers: await h.bearer('client@home.test'),
      payload: { first_name: 'X' },
    });
    expect(asClient.statusCode).toBe(403);
    const asVa = await h.app.inject({
      method: 'PATCH',
      url: '/api/v1/va-access/user',
      headers: await h.bearer('va@home.test'),
      payload: { first_name: 'Vera' },
    });
    expect(asVa.statusCode).toBe(200);
    expect(asVa.json().first_name).toBe('Vera');
  });
});

describe('organizations stay apart', () => {
  it("a second organization's admin sees only its own organization, and cannot touch the first's users", async () => {
    const org2 = await h.createOrg('Second Agency', { maxUsers: 5 });
    const other = await h.createUser({
      email: 'boss@second.test',
      roles: ['admin'],
      organizationId: org2.id,
    });
    await h.createUser({
      email: 'va@second.test',
      roles: ['va'],
      organizationId: org2.id,
      status: 'inactive',
    });
    const headers = await h.bearer('boss@second.test');
    const org = await h.app.inject({ url: '/api/v1/organization', headers });
    expect(org.json()).toMatchObject({ id: org2.id, name: 'Second Agency', user_count: 1, max_users: 5 });
    const me = await h.app.inject({ url: '/api/v1/me', headers });
    expect(me.json()).toMatchObject({ id: other.id, organization_id: org2.id });

    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    const target = people.findIndex(([r]) => r === 'va') + 1;
    const res = await h.app.inject({
      method: 'POST',
      url: `/api/v1/upload/user/${target}/avatar`,
      headers: { ...headers, ...multipart('avatar', 'a.png', 'image/png', png).headers },
      payload: multipart('avatar', 'a.png', 'image/png', png).payload,
    });
    expect(res.statusCode).toBe(404);
  });

  it('the home organization has no user limit', async () => {
    const res = await h.app.inject({
      url: '/api/v1/organization',
      headers: await h.bearer('admin@home.test'),
    });
    expect(res.json()).toMatchObject({ id: 1, status: 1, max_users: null, user_count: 5 });
  });
});

describe('own account', () => {
  it('GET /api/v1/me answers the documented fields', async () => {
    const res = await h.app.inject({ url: '/api/v1/me', headers: await h.bearer('va@home.test') });
    expect(Object.keys(res.json()).sort()).toEqual(
      [
        'avatar_url',
        'directory_linked',
        'email',
        'email_verified_at',
        'first_name',
        'id',
        'last_login_at',
        'last_name',
        'locale',
        'organization_id',
        'phone',
        'position',
        'receive_promotions',
        'roles',
        'status',
        'time_format',
        'timezone',
      ].sort(),
    );
    expect(res.json().password_hash).toBeUndefined();
  });

  it('PATCH /api/v1/me updates the profile and validates it', async () => {
    const headers = await h.bearer('manager@home.test');
    const ok = await h.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers,
      payload: {
        first_name: 'Mara',
        phone: '+63 917 555 0101',
        timezone: 'Asia/Manila',
        receive_promotions: true,
      },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      first_name: 'Mara',
      phone: '+63 917 555 0101',
      timezone: 'Asia/Manila',
      receive_promotions: true,
    });
    const bad = await h.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers,
      payload: { timezone: 'Nowhere/City', phone: 'call me' },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['phone', 'timezone']);
    const me = await h.app.inject({ url: '/api/v1/me', headers });
    expect(me.json().timezone).toBe('Asia/Manila');
  });

  it("PATCH /api/v1/me sets the user's clock: 12h, 24h or back to the language's habit (null)", async () => {
    const headers = await h.bearer('va@home.test');
    const patch = (time_format: unknown) =>
      h.app.inject({ method: 'PATCH', url: '/api/v1/me', headers, payload: { time_format } });
    expect((await h.app.inject({ url: '/api/v1/me', headers })).json().time_format).toBeNull();
    expect((await patch('24h')).json().time_format).toBe('24h');
    expect((await h.app.inject({ url: '/api/v1/me', headers })).json().time_format).toBe('24h');
    const bad = await patch('25h');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('time_format');
    expect((await patch(null)).json().time_format).toBeNull();
  });

  it('changing the password needs the current one', async () => {
    const headers = await h.bearer('client@home.test');
    const wrong = await h.app.inject({
      method: 'PATCH',
      url: '/api/v1/me/password',
      headers,
      payload: { old_password: 'nope', password: 'brand-new-pass', password_confirmation: 'brand-new-pass' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.old_password).toBeDefined();
    const short = await h.app.inject({
      method: 'PATCH',
      url: '/api/v1/me/password',
      headers,
      payload: { old_password: PASSWORD, password: 'short' },
    });
    expect(short.json().errors.password).toEqual(['The password should contains at leat 8 characters']);
    const ok = await h.app.inject({
      method: 'PATCH',
      url: '/api/v1/me/password',
      headers,
      payload: {
        old_password: PASSWORD,
        password: 'brand-new-pass',
        password_confirmation: 'brand-new-pass',
      },
    });
    expect(ok.statusCode).toBe(204);
    await expect(h.login('client@home.test')).rejects.toThrow();
    await h.login('client@home.test', 'brand-new-pass');
  });

  it('uploads an avatar as a 256px WebP, served back, and refuses other types and sizes', async () => {
    const headers = await h.bearer('va@home.test');
    const me = (await h.app.inject({ url: '/api/v1/me', headers })).json();
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#3366ff' } })
      .png()
      .toBuffer();
    const up = multipart('avatar', 'me.png', 'image/png', png);
    const res = await h.app.inject({
      method: 'POST',
      url: `/api/v1/upload/user/${me.id}/avatar`,
      headers: { ...headers, ...up.headers },
      payload: up.payload,
    });
    expect(res.statusCode).toBe(200);
    const url = res.json().avatar_url as string;
    const file = await h.app.inject({ url });
    expect(file.headers['content-type']).toBe('image/webp');
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([256, 256]);
    expect((await h.app.inject({ url: '/api/v1/me', headers })).json().avatar_url).toBe(url);

    const txt = multipart('avatar', 'x.txt', 'text/plain', Buffer.from('hello'));
    const badType = await h.app.inject({
      method: 'POST',
      url: `/api/v1/upload/user/${me.id}/avatar`,
      headers: { ...headers, ...txt.headers },
      payload: txt.payload,
    });
    expect(badType.statusCode).toBe(422);
    expect(badType.json().errors.avatar[0]).toMatch(/PNG, JPEG, WebP or GIF/);
    const huge = multipart('avatar', 'big.png', 'image/png', Buffer.alloc(2 * 1024 * 1024 + 10, 1));
    const tooBig = await h.app.inject({
      method: 'POST',
      url: `/api/v1/upload/user/${me.id}/avatar`,
      headers: { ...headers, ...huge.headers },
      payload: huge.payload,
    });
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json().errors.avatar[0]).toMatch(/2 MB/);
  });

  it("a VA cannot change someone else's avatar; an admin of the organization can", async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#0f0' } })
      .png()
      .toBuffer();
    const up = multipart('avatar', 'a.png', 'image/png', png);
    const vaHeaders = await h.bearer('va@home.test');
    const adminId = 2;
    const denied = await h.app.inject({
      method: 'POST',
      url: `/api/v1/upload/user/${adminId}/avatar`,
      headers: { ...vaHeaders, ...up.headers },
      payload: up.payload,
    });
    expect(denied.statusCode).toBe(404);
    const adminHeaders = await h.bearer('admin@home.test');
    const allowed = await h.app.inject({
      method: 'POST',
      url: '/api/v1/upload/user/5/avatar',
      headers: { ...adminHeaders, ...up.headers },
      payload: up.payload,
    });
    expect(allowed.statusCode).toBe(200);
  });

  it('GET /api/v1/roles lists the five roles', async () => {
    const res = await h.app.inject({ url: '/api/v1/roles', headers: await h.bearer('admin@home.test') });
    expect(res.json().map((r: { name: string }) => r.name)).toEqual([
      'super_admin',
      'admin',
      'manager',
      'client',
      'va',
    ]);
  });
});

describe('outbox', () => {
  it('lists kept mails newest first, paginated and filterable', async () => {
    for (const to of ['a@x.test', 'b@x.test', 'c@y.test'])
      await h.deps.mailer.send({ to, subject: `Hi ${to}`, text: 'body' });
    const headers = await h.bearer('root@home.test');
    const res = await h.app.inject({ url: '/api/v1/super-admin-access/outbox?per_page=2', headers });
    expect(res.json().data.map((m: { to: string }) => m.to)).toEqual(['c@y.test', 'b@x.test']);
    expect(res.json().meta).toEqual({ current_page: 1, per_page: 2, total: 3, last_page: 2 });
    const filtered = await h.app.inject({ url: '/api/v1/super-admin-access/outbox?to=x.test', headers });
    expect(filtered.json().meta.total).toBe(2);
    const tooMany = await h.app.inject({ url: '/api/v1/super-admin-access/outbox?per_page=500', headers });
    expect(tooMany.statusCode).toBe(422);
  });
});
