import { describe, expect, it } from 'vitest';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';
import { allNotifications, mails } from './notifications-fixtures';
import { asUser, seedTimesheetWorld, type TimesheetWorld, WEEK2 } from './timesheets-fixtures';

// A client's real dispute of a week raises `timesheet.disputed`: the admins, the VA's managers and the VA
// hear of it, the client who disputed does not; an approval tells nobody.
let h: Harness;
let w: TimesheetWorld;
useWorld('each', seedTimesheetWorld, (hh, ww) => {
  h = hh;
  w = ww;
});

const signOff = (body: object) => asUser(h, 'mina@home.test', 'client', 'POST', 'timesheets/sign-off', body);

describe("a client's dispute", () => {
  it('notifies the admins, the managers over the VA and the VA, and mails them', async () => {
    const res = await signOff({
      va_id: w.people.ana.id,
      week_start: WEEK2,
      decision: 'dispute',
      comment: 'Tuesday was short',
    });
    expect(res.status).toBe(200);
    await h.deps.events.drain();
    const rows = await allNotifications(h);
    expect(rows.map((r) => [r.userId, r.type, r.title])).toEqual([
      [w.people.admin.id, 'timesheet.disputed', "Mina Test disputed Ana Test's week of 9 Mar"],
      [w.people.manager.id, 'timesheet.disputed', "Mina Test disputed Ana Test's week of 9 Mar"],
      [w.people.ana.id, 'timesheet.disputed', 'Mina Test disputed your week of 9 Mar'],
    ]);
    expect(rows[2].data).toEqual({
      va_id: w.people.ana.id,
      va_name: 'Ana Test',
      client_id: w.people.mina.id,
      client_name: 'Mina Test',
      week_start: WEEK2,
      link: '/va-dashboard/timesheets',
    });
    const toAna = (await mails(h)).filter((m) => m.to === 'ana@home.test');
    expect(toAna.map((m) => m.subject)).toEqual(['Mina Test disputed your week of 9 Mar']);
    expect(toAna[0].text).toContain('Mina Test wrote: “Tuesday was short”');
    expect(toAna[0].text).toContain(`${h.config.appUrl}/va-dashboard/timesheets`);
  });

  it('is the only decision that notifies: an approval tells nobody', async () => {
    const res = await signOff({ va_id: w.people.ana.id, week_start: WEEK2, decision: 'approve' });
    expect(res.status).toBe(200);
    await h.deps.events.drain();
    expect(await allNotifications(h)).toEqual([]);
  });
});
