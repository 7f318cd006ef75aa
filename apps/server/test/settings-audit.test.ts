import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../src/modules/audit/audit.table';
import { organizations } from '../src/modules/organizations/organizations.table';
import { createHarness, type Harness } from './harness';
import { peopleFixtures } from './people-fixtures';

let h: Harness;
let f: ReturnType<typeof peopleFixtures>;
beforeAll(async () => {
  h = await createHarness();
  f = peopleFixtures(h);
});
afterAll(() => h?.close());

const ADMIN = 'admin@home.test';
let adminId: number;
let vaId: number;
beforeEach(async () => {
  await h.reset();
  adminId = (await f.user(ADMIN, 'admin', { firstName: 'Ada', lastName: 'Admin' })).id;
  await f.user('manager@home.test', 'manager');
  await f.user('client@home.test', 'client');
  vaId = (await f.user('va@home.test', 'va')).id;
});

const DEFAULTS = {
  screenshots_enabled: true,
  screenshots_per_hour: 6,
  blur_screenshots: false,
  screenshot_privacy: 'full',
  screenshots_on_demand: true,
  screenshot_notice: 'each',
  va_may_mute_screenshot_notice: false,
  idle_timeout_minutes: 5,
  late_grace_minutes: 5,
  early_clock_in_minutes: 15,
  overtime_allowed: false,
  max_overtime_minutes: 120,
  timesheet_approval_required: true,
  vacation_days_per_year: 10,
  sick_days_per_year: 5,
};

describe('settings', () => {
  it('answers the effective defaults and the subscription', async () => {
    const r = await f.as(ADMIN, 'GET', '/api/v1/admin-access/settings');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      id: 1,
      name: 'Home',
      timezone: 'UTC',
      contract_defaults: DEFAULTS,
      screenshot_policy: { retention_days: 180, va_delete_grace_minutes: 10 },
      timesheet_policy: { client_sign_off: true, sign_off_reminder_days: 3 },
      subscription: { plan_name: null, plan_valid_until: null, status: 1, active: true },
    });
    const org = await h.createOrg('Paid', {
      planId: 2,
      planValidUntil: new Date('2026-06-30T00:00:00Z'),
      status: 0,
    });
    await f.user('boss@paid.test', 'admin', { organizationId: org.id });
    const paid = await f.as('boss@paid.test', 'GET', '/api/v1/admin-access/settings');
    expect(paid.body.subscription).toEqual({
      plan_name: 'Team',
      plan_valid_until: '2026-06-30T00:00:00.000Z',
      status: 0,
      active: false,
    });
  });

  it('changes name, timezone and some defaults, keeping the rest, and audits it', async () => {
    const r = await f.as(ADMIN, 'PATCH', '/api/v1/admin-access/settings', {
      name: 'Acme Agency',
      timezone: 'Asia/Manila',
      contract_defaults: { screenshots_per_hour: 12, overtime_allowed: true },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      name: 'Acme Agency',
      timezone: 'Asia/Manila',
      contract_defaults: { ...DEFAULTS, screenshots_per_hour: 12, overtime_allowed: true },
    });
    const again = await f.as(ADMIN, 'PATCH', '/api/v1/admin-access/settings', {
      contract_defaults: { blur_screenshots: true },
    });
    expect(again.body.contract_defaults).toMatchObject({ screenshots_per_hour: 12, blur_screenshots: true });
    const [org] = await h.db.select().from(organizations).where(eq(organizations.id, 1));
    // A privacy choice stores the tier and the spec's two booleans in step.
    expect(org.contractDefaults).toEqual({
      screenshots_per_hour: 12,
      overtime_allowed: true,
      blur_screenshots: true,
      screenshots_enabled: true,
      screenshot_privacy: 'blurred',
    });
    const [entry] = await h.db.select().from(auditLog).where(eq(auditLog.action, 'settings.updated'));
    expect(entry).toMatchObject({
      entityType: 'organization',
      entityId: 1,
      actorId: adminId,
      before: { name: 'Home', timezone: 'UTC', contract_defaults: {} },
      after: { name: 'Acme Agency', timezone: 'Asia/Manila' },
    });
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ timezone: 'Nowhere/Land' }, 'timezone'],
    [{ contract_defaults: { screenshots_per_hour: 0 } }, 'contract_defaults.screenshots_per_hour'],
    [{ contract_defaults: { screenshots_per_hour: 61 } }, 'contract_defaults.screenshots_per_hour'],
    [{ contract_defaults: { overtime_allowed: 'yes' } }, 'contract_defaults.overtime_allowed'],
    [{ timesheet_policy: { sign_off_reminder_days: 0 } }, 'timesheet_policy.sign_off_reminder_days'],
    [{ timesheet_policy: { client_sign_off: 'no' } }, 'timesheet_policy.client_sign_off'],
  ])('refuses %o', async (payload, field) => {
    const r = await f.as(ADMIN, 'PATCH', '/api/v1/admin-access/settings', payload);
    expect(r.status).toBe(422);
    expect(r.body.errors).toHaveProperty([field]);
  });

  it('keeps the timesheet policy the admin chose, the rest at its defaults', async () => {
    const r = await f.as(ADMIN, 'PATCH', '/api/v1/admin-access/settings', {
      timesheet_policy: { client_sign_off: false },
    });
    expect(r.status).toBe(200);
    const read = await f.as(ADMIN, 'GET', '/api/v1/admin-access/settings');
    expect(read.body.timesheet_policy).toEqual({ client_sign_off: false, sign_off_reminder_days: 3 });
  });

  it('refuses unknown contract default keys', async () => {
    const r = await f.as(ADMIN, 'PATCH', '/api/v1/admin-access/settings', {
      contract_defaults: { free_money: true },
    });
    expect(r.status).toBe(422);
  });

  it('is for admins only and never crosses organizations', async () => {
    for (const email of ['manager@home.test', 'client@home.test', 'va@home.test']) {
      expect((await f.as(email, 'GET', '/api/v1/admin-access/settings')).status, email).toBe(403);
      expect((await f.as(email, 'PATCH', '/api/v1/admin-access/settings', { name: 'X' })).status, email).toBe(
        403,
      );
    }
    const org = await h.createOrg('Other');
    await f.user('boss@other.test', 'admin', { organizationId: org.id });
    await f.as('boss@other.test', 'PATCH', '/api/v1/admin-access/settings', { name: 'Other renamed' });
    expect((await f.as(ADMIN, 'GET', '/api/v1/admin-access/settings')).body.name).toBe('Home');
  });
});

describe('audit log', () => {
  it('lists changes newest first with actor, before and after, filtered', async () => {
    await f.as(ADMIN, 'PATCH', `/api/v1/admin-access/user/${vaId}`, { first_name: 'Vera' });
    await f.as(ADMIN, 'PATCH', '/api/v1/admin-access/settings', { name: 'Renamed' });
    await f.as(ADMIN, 'PATCH', `/api/v1/admin-access/user-password/${vaId}`, { password: 'another-pass-1' });
    const r = await f.as(ADMIN, 'GET', '/api/v1/admin-access/audit-log');
    expect(r.status).toBe(200);
    expect(r.body.meta).toEqual({ current_page: 1, per_page: 20, total: 3, last_page: 1 });
    const data = r.body.data as Array<Record<string, unknown>>;
    expect(data.map((e) => e.action)).toEqual(['user.password_set', 'settings.updated', 'user.updated']);
    expect(data[2]).toMatchObject({
      entity_type: 'user',
      entity_id: vaId,
      actor: { id: adminId, name: 'Ada Admin' },
      before: { first_name: 'va' },
      after: { first_name: 'Vera' },
    });
    expect(r.body).not.toMatchObject({
      data: expect.arrayContaining([
        expect.objectContaining({ after: expect.objectContaining({ password_hash: expect.anything() }) }),
      ]),
    });
    expect(JSON.stringify(r.body)).not.toMatch(/argon2|passwordHash|password_hash/);
    const users = await f.as(
      ADMIN,
      'GET',
      `/api/v1/admin-access/audit-log?entity_type=user&entity_id=${vaId}`,
    );
    expect((users.body.data as unknown[]).length).toBe(2);
    const byActor = await f.as(ADMIN, 'GET', `/api/v1/admin-access/audit-log?actor_id=${vaId}`);
    expect(byActor.body.data).toEqual([]);
    const paged = await f.as(ADMIN, 'GET', '/api/v1/admin-access/audit-log?per_page=1&page=3');
    expect(paged.body.meta).toEqual({ current_page: 3, per_page: 1, total: 3, last_page: 3 });
    expect((await f.as(ADMIN, 'GET', '/api/v1/admin-access/audit-log?per_page=101')).status).toBe(422);
    expect(
      (await f.as(ADMIN, 'GET', '/api/v1/admin-access/audit-log?entity_id=x')).body.errors,
    ).toHaveProperty('entity_id');
  });

  it('is for admins only, and shows only the organization’s entries', async () => {
    for (const email of ['manager@home.test', 'client@home.test', 'va@home.test']) {
      expect((await f.as(email, 'GET', '/api/v1/admin-access/audit-log')).status, email).toBe(403);
    }
    const org = await h.createOrg('Other');
    await f.user('boss@other.test', 'admin', { organizationId: org.id });
    await f.as('boss@other.test', 'PATCH', '/api/v1/admin-access/settings', { name: 'Other renamed' });
    const r = await f.as(ADMIN, 'GET', '/api/v1/admin-access/audit-log');
    expect(r.body.data).toEqual([]);
  });
});
