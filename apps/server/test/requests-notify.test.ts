import { describe, expect, it } from 'vitest';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';
import { allNotifications, mails } from './notifications-fixtures';
import { useSignedInSockets } from './realtime-helpers';
import {
  ADMIN,
  ANA,
  ask,
  call,
  dayShift,
  decide,
  MANAGER,
  NEXT_MON,
  pdfBytes,
  type RequestWorld,
  seedRequestWorld,
} from './requests-fixtures';

// The whole way of a request through the real modules: the VA asks, the manager over her client hears of it at
// once (socket and mail), approves, and the decision reaches the VA's socket and her mailbox.
let h: Harness;
let w: RequestWorld;
useWorld('each', seedRequestWorld, (hh, ww) => {
  h = hh;
  w = ww;
});

const socketOf = useSignedInSockets(() => h);

describe('a request from asking to decision', () => {
  it("reaches the manager's socket and mailbox, then the decision reaches the VA's", async () => {
    await dayShift(h, w.contracts.c1, NEXT_MON);
    const mia = await socketOf(MANAGER);
    const ana = await socketOf(ANA);

    const asked = await ask(
      h,
      ANA,
      { type: 'sick_leave', contract_id: w.contracts.c1.id, target_start_date: NEXT_MON, details: 'Flu' },
      { bytes: pdfBytes(), name: 'doctor.pdf' },
    );
    expect(asked.status).toBe(201);
    await h.deps.events.drain();
    const heard = await mia.next('notification');
    expect(heard.data).toMatchObject({
      type: 'request.created',
      title: 'Ana Test asked for sick leave (23 Mar)',
    });
    expect((await mails(h)).map((m) => [m.to, m.subject])).toContainEqual([
      'manager@home.test',
      'Ana Test asked for sick leave (23 Mar)',
    ]);
    // The VA is the actor: nothing for her yet.
    expect((await allNotifications(h)).some((n) => n.userId === w.people.ana.id)).toBe(false);

    const approved = await decide(h, MANAGER, 'manager', asked.body.id, { status: 'approved' });
    expect(approved.status).toBe(200);
    await h.deps.events.drain();
    const told = await ana.next('notification');
    expect(told.data).toMatchObject({ type: 'request.decided', title: 'Your sick leave was approved' });
    const toAna = (await mails(h)).filter((m) => m.to === 'ana@home.test');
    expect(toAna.map((m) => m.subject)).toEqual(['Your sick leave was approved']);
    expect(toAna[0].text).toContain(`/va-dashboard/requests/status/${asked.body.id}`);
  });

  it('an admin deleting an approved request tells the VA (socket, mail to her request list); not the admin', async () => {
    await dayShift(h, w.contracts.c1, NEXT_MON);
    const asked = await ask(h, ANA, {
      type: 'vacation_leave',
      contract_id: w.contracts.c1.id,
      target_start_date: NEXT_MON,
      target_end_date: NEXT_MON,
    });
    expect(asked.status).toBe(201);
    expect((await decide(h, ADMIN, 'admin', asked.body.id, { status: 'approved' })).status).toBe(200);
    await h.deps.events.drain();
    const ana = await socketOf(ANA);

    expect((await call(h, ADMIN, 'DELETE', `admin-access/user-requests/${asked.body.id}`)).status).toBe(200);
    await h.deps.events.drain();
    const told = await ana.next('notification');
    expect(told.data).toMatchObject({
      type: 'request.deleted',
      title: 'Your vacation leave request (23 Mar) was deleted by an admin',
    });
    const mail = (await mails(h)).find((m) => m.to === 'ana@home.test' && m.subject.includes('deleted'));
    expect(mail?.text).toContain('It had been approved: what it changed is undone');
    expect(mail?.text).toContain('/va-dashboard/requests/status');
    const deleted = (await allNotifications(h)).filter((n) => n.type === 'request.deleted');
    expect(deleted.map((n) => n.userId)).toEqual([w.people.ana.id]);
  });
});
