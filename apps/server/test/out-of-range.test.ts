import { describe, expect, it } from 'vitest';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';
import { ADMIN, api, MINA, type ProjectsWorld, seedProjectsWorld } from './projects-fixtures';

// Values out of range are refused with the field's message (422 naming the field, a catalog code), never
// clamped or cut (issue 23, item 15): an hourly rate of -5, 999 screenshots an hour, a 500-character name.
let h: Harness;
let w: ProjectsWorld;
useWorld('once', seedProjectsWorld, (harness, world) => {
  h = harness;
  w = world;
});

const refused = async (reply: Awaited<ReturnType<typeof api>>, field: string, code: string) => {
  expect(reply.status, JSON.stringify(reply.body)).toBe(422);
  expect(reply.body.codes[field]?.map((c: { code: string }) => c.code)).toEqual([code]);
};

describe('a value out of range', () => {
  it('is refused on its field, and nothing is saved', async () => {
    const { ana, mina } = w.people;
    const draft = { va_id: ana.id, client_id: mina.id, title: 'Inbox', start_date: '2026-04-01' };
    await refused(
      await api(h, ADMIN, 'POST', 'admin-access/contracts', { ...draft, hourly_rate: -5 }),
      'hourly_rate',
      'contracts.rate_negative',
    );
    await refused(
      await api(h, ADMIN, 'POST', 'admin-access/contracts', {
        ...draft,
        settings: { screenshots_per_hour: 999 },
      }),
      'settings.screenshots_per_hour',
      'common.at_most_n',
    );
    await refused(
      await api(h, ADMIN, 'PATCH', 'admin-access/settings', {
        contract_defaults: { screenshots_per_hour: 999 },
      }),
      'contract_defaults.screenshots_per_hour',
      'common.too_big',
    );
    await refused(
      await api(h, MINA, 'POST', 'client-access/projects', { name: 'x'.repeat(500) }),
      'name',
      'projects.name_too_long',
    );
    const projects = await api(h, MINA, 'GET', 'client-access/projects');
    expect(projects.body.data.map((p: { name: string }) => p.name)).toEqual(['Website']);
  });
});
