import { describe, expect, it } from 'vitest';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';
import {
  ADMIN,
  ADMIN2,
  ANA,
  ask,
  BEN,
  call,
  codesOf,
  decide,
  eventsOf,
  LEADER,
  MANAGER,
  pdfBytes,
  type RequestWorld,
  seedRequestWorld,
  THEO,
  vacation,
} from './requests-fixtures';

// Who sees and decides which requests: the queue and its filters, the VA's own list, and every denied path.
let h: Harness;
let w: RequestWorld;
useWorld('each', seedRequestWorld, (hh, ww) => {
  h = hh;
  w = ww;
});

const ids = (body: { data: Array<{ id: number }> }) => body.data.map((r) => r.id);

/** Ana: a rejected vacation, a pending one, a pending sick leave; Ben: a pending vacation. */
async function fourRequests() {
  const anaOld = await ask(h, ANA, vacation(w.contracts.c1.id, '2026-04-06', '2026-04-07'));
  await decide(h, ADMIN, 'admin', anaOld.body.id, { status: 'rejected', note: 'Audit week' });
  const anaVacation = await ask(h, ANA, vacation(w.contracts.c1.id));
  const sick = { type: 'sick_leave', contract_id: w.contracts.c1.id, target_start_date: '2026-04-13' };
  const anaSick = await ask(h, ANA, sick, { bytes: pdfBytes() });
  const benVacation = await ask(h, BEN, vacation(w.contracts.c2.id));
  return {
    anaOld: anaOld.body.id,
    anaVacation: anaVacation.body.id,
    anaSick: anaSick.body.id,
    ben: benVacation.body.id,
  };
}

describe('the queue', () => {
  it('lists pending first, then newest, with the count of pending ones; paginated and filtered', async () => {
    const r = await fourRequests();
    const all = await call(h, ADMIN, 'GET', 'admin-access/user-requests');
    expect(all.status).toBe(200);
    expect(ids(all.body)).toEqual([r.ben, r.anaSick, r.anaVacation, r.anaOld]);
    expect(all.body.meta).toEqual({ current_page: 1, per_page: 20, total: 4, last_page: 1, pending: 3 });
    expect(all.body.data[0]).toMatchObject({ va: { id: w.people.ben.id }, client: { id: w.people.theo.id } });

    const page2 = await call(h, ADMIN, 'GET', 'admin-access/user-requests?per_page=3&page=2');
    expect(ids(page2.body)).toEqual([r.anaOld]);
    expect(page2.body.meta).toMatchObject({ total: 4, last_page: 2 });
    // A page that holds the last pending ones and the first of the rest.
    const across = await call(h, ADMIN, 'GET', 'admin-access/user-requests?per_page=2&page=2');
    expect(ids(across.body)).toEqual([r.anaVacation, r.anaOld]);

    const q = async (query: string) =>
      ids((await call(h, ADMIN, 'GET', `admin-access/user-requests?${query}`)).body);
    expect(await q(`va_id=${w.people.ana.id}`)).toEqual([r.anaSick, r.anaVacation, r.anaOld]);
    expect(await q('type=sick_leave')).toEqual([r.anaSick]);
    expect(await q(`client_id=${w.people.theo.id}`)).toEqual([r.ben]);
    expect(await q(`contract_id=${w.contracts.c1.id}&status=rejected`)).toEqual([r.anaOld]);
    expect(await q(`team_id=${w.team.id}`)).toEqual([r.ben]);
    // Requests whose dates meet the period.
    expect(await q('start_date=2026-04-07&end_date=2026-04-13')).toEqual([r.anaSick, r.anaOld]);
    // The pending count is of the other filters, whatever status is shown.
    const rejected = await call(h, ADMIN, 'GET', 'admin-access/user-requests?status=rejected');
    expect(rejected.body.meta).toMatchObject({ total: 1, pending: 3 });
  });

  it('shows a manager the VAs of their scope only; outside it a request is 404 and cannot be decided', async () => {
    const r = await fourRequests();
    const mia = await call(h, MANAGER, 'GET', 'manager-access/user-requests');
    expect(ids(mia.body)).toEqual([r.anaSick, r.anaVacation, r.anaOld]);
    expect(mia.body.meta.pending).toBe(2);
    const leo = await call(h, LEADER, 'GET', 'manager-access/user-requests');
    expect(ids(leo.body)).toEqual([r.ben]);

    expect((await call(h, MANAGER, 'GET', `manager-access/user-requests/${r.ben}`)).status).toBe(404);
    expect((await decide(h, MANAGER, 'manager', r.ben, { status: 'approved' })).status).toBe(404);
    expect(
      (await call(h, MANAGER, 'GET', `manager-access/user-requests?va_id=${w.people.ben.id}`)).status,
    ).toBe(404);
    expect((await call(h, MANAGER, 'GET', `manager-access/user-requests?team_id=${w.team.id}`)).status).toBe(
      404,
    );
    // Leo decides Ben's.
    expect((await decide(h, LEADER, 'manager', r.ben, { status: 'approved' })).status).toBe(200);
    // A manager has no admin area.
    expect((await call(h, MANAGER, 'GET', 'admin-access/user-requests')).status).toBe(403);
    expect((await decide(h, MANAGER, 'admin', r.anaVacation, { status: 'approved' })).status).toBe(403);
  });

  it('never crosses organizations, and is no business of clients', async () => {
    const r = await fourRequests();
    const eve = await call(h, ADMIN2, 'GET', 'admin-access/user-requests');
    expect(eve.body.data).toEqual([]);
    expect(eve.body.meta.pending).toBe(0);
    expect((await call(h, ADMIN2, 'GET', `admin-access/user-requests/${r.anaVacation}`)).status).toBe(404);
    expect((await decide(h, ADMIN2, 'admin', r.anaVacation, { status: 'approved' })).status).toBe(404);
    expect((await call(h, ADMIN2, 'GET', `admin-access/user-requests?va_id=${w.people.ana.id}`)).status).toBe(
      404,
    );

    for (const path of ['admin-access', 'manager-access', 'va-access'])
      expect((await call(h, THEO, 'GET', `${path}/user-requests`)).status, path).toBe(403);
    expect((await call(h, THEO, 'GET', `va-access/user-requests/${r.ben}`)).status).toBe(403);
    const anonymous = await h.app.inject({ method: 'GET', url: '/api/v1/admin-access/user-requests' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the VA’s own requests', () => {
  it('lists their own, newest first, with filters; another VA’s request is 404 to them', async () => {
    const r = await fourRequests();
    const mine = await call(h, ANA, 'GET', 'va-access/user-requests');
    expect(ids(mine.body)).toEqual([r.anaSick, r.anaVacation, r.anaOld]);
    expect(mine.body.meta).toMatchObject({ total: 3, pending: 2 });
    expect(ids((await call(h, ANA, 'GET', 'va-access/user-requests?status=rejected')).body)).toEqual([
      r.anaOld,
    ]);
    expect(ids((await call(h, ANA, 'GET', 'va-access/user-requests?type=vacation_leave')).body)).toEqual([
      r.anaVacation,
      r.anaOld,
    ]);
    const rejected = await call(h, ANA, 'GET', `va-access/user-requests/${r.anaOld}`);
    expect(rejected.body).toMatchObject({
      status: 'rejected',
      decision_note: 'Audit week',
      decider: { id: w.people.admin.id },
    });
    expect((await call(h, ANA, 'GET', `va-access/user-requests/${r.ben}`)).status).toBe(404);
    expect((await call(h, ANA, 'DELETE', `va-access/user-requests/${r.ben}`)).status).toBe(404);
  });

  it('cancels a pending one (request.cancelled), never a decided one, and cannot decide', async () => {
    const r = await fourRequests();
    const cancelled = await call(h, ANA, 'DELETE', `va-access/user-requests/${r.anaVacation}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', effect: null });
    expect((await eventsOf(h, 'request.cancelled')).map((e) => e.payload)).toEqual([
      {
        request_id: r.anaVacation,
        va_id: w.people.ana.id,
        client_id: w.people.mina.id,
        type: 'vacation_leave',
        target_start_date: '2026-03-23',
        target_end_date: '2026-03-27',
        actor_id: w.people.ana.id,
      },
    ]);
    const again = await call(h, ANA, 'DELETE', `va-access/user-requests/${r.anaVacation}`);
    expect(again.body.codes?.status).toEqual([
      { code: 'requests.not_pending', params: { status: 'cancelled' } },
    ]);
    const decided = await call(h, ANA, 'DELETE', `va-access/user-requests/${r.anaOld}`);
    expect(codesOf(decided.body, 'status')).toEqual(['requests.not_pending']);

    for (const area of ['admin', 'manager'] as const)
      expect((await decide(h, ANA, area, r.anaSick, { status: 'approved' })).status).toBe(403);
    // The VA's area has no decision at all (the path knows DELETE and GET only).
    expect(
      (await call(h, ANA, 'PATCH', `va-access/user-requests/${r.anaSick}`, { status: 'approved' })).status,
    ).toBe(405);
  });
});
