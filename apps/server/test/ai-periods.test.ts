import type { ServerMessage } from '@vahub/shared/realtime/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nightlyBatches } from '../src/modules/ai/ai.batches';
import { createNoModel } from '../src/platform/llm/none-model';
import type { LanguageModel } from '../src/platform/llm/types';
import { type AiWorld, NOW, seedAiWorld, settled } from './ai-fixtures';
import { type FakeLlm, startFakeLlm } from './fake-llm';
import { createHarness, type Harness } from './harness';
import { useSignedInSockets } from './realtime-helpers';

let h: Harness;
let fake: FakeLlm;
let w: AiWorld;
let model: LanguageModel;

beforeAll(async () => {
  fake = await startFakeLlm();
  h = await createHarness({
    LLM_BASE_URL: fake.url,
    LLM_MODEL: 'fake-model',
    LLM_TIMEOUT_MS: '2000',
    LLM_MAX_RETRIES: '0',
  });
  model = h.deps.llm;
});
afterAll(async () => {
  await h?.close();
  await fake?.close();
});
beforeEach(async () => {
  h.deps.llm = model;
  fake.requests.length = 0;
  w = await seedAiWorld(h);
});
const socketOf = useSignedInSockets(() => h);

const call = async (email: string, method: 'GET' | 'POST', url: string, payload?: object) => {
  const res = await h.app.inject({
    method,
    url,
    headers: await h.bearer(email),
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() };
};
const PERIOD = { start_date: '2026-03-01', end_date: '2026-03-03' };

describe('attendance summary batches', () => {
  it("an admin's batch covers every VA's shift and shows its progress; a client's only their own VAs'", async () => {
    h.deps.llm = createNoModel();
    const created = await call(
      'ada@home.test',
      'POST',
      '/api/v1/admin-access/attendance-summary-batches',
      PERIOD,
    );
    expect(created).toMatchObject({ status: 202, body: { total: 2, done: 0, failed: 0, status: 'queued' } });
    const done = await settled(
      async () =>
        (
          await call(
            'ada@home.test',
            'GET',
            `/api/v1/admin-access/attendance-summary-batches/${created.body.id}`,
          )
        ).body,
    );
    expect(done).toMatchObject({ total: 2, done: 2, failed: 0 });
    expect(done.vas.map((v: { name: string }) => v.name).sort()).toEqual(['Annabel Quinterro', 'Bob Test']);
    expect(done.vas[0].results[0].markdown).toContain('built-in analyst');

    const mine = await call(
      'cleo@home.test',
      'POST',
      '/api/v1/client-access/attendance-summary-batches',
      PERIOD,
    );
    expect(mine.body.total).toBe(1);
    // Another client's VA, named: 404, as any row out of scope.
    const other = await call('cleo@home.test', 'POST', '/api/v1/client-access/attendance-summary-batches', {
      ...PERIOD,
      va_ids: [w.bob.id],
    });
    expect(other.status).toBe(404);
    // The client sees their batch only; the admin's list has the admin's.
    const clientList = await call(
      'cleo@home.test',
      'GET',
      '/api/v1/client-access/attendance-summary-batches',
    );
    expect(clientList.body.data.map((b: { id: number }) => b.id)).toEqual([mine.body.id]);
    expect(
      (
        await call(
          'cleo@home.test',
          'GET',
          `/api/v1/client-access/attendance-summary-batches/${created.body.id}`,
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await call(
          'admin@else.test',
          'GET',
          `/api/v1/admin-access/attendance-summary-batches/${created.body.id}`,
        )
      ).status,
    ).toBe(404);
    // Managers have no batches (the spec gives them to admins and clients).
    expect(
      (await call('max@home.test', 'GET', '/api/v1/manager-access/attendance-summary-batches')).status,
    ).toBe(404);
  });

  it('runs nightly for yesterday once per organization with AI on', async () => {
    h.deps.llm = createNoModel();
    await nightlyBatches(h.deps);
    await nightlyBatches(h.deps);
    const list = await call('ada@home.test', 'GET', '/api/v1/admin-access/attendance-summary-batches');
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({
      nightly: true,
      start_date: '2026-03-02',
      end_date: '2026-03-02',
      total: 2,
    });
  });

  it("waits for the organization's own yesterday to be over in its zone (Chicago: 02:00 there)", async () => {
    h.deps.llm = createNoModel();
    await h.db.execute(sql`update organizations set timezone = 'America/Chicago' where id = 1`);
    const batches = async () =>
      (await call('ada@home.test', 'GET', '/api/v1/admin-access/attendance-summary-batches')).body.data;
    try {
      // 01:00 on 3 March in Chicago: the 2nd there is over, but its night shifts may not be.
      h.clock.set('2026-03-03T07:00:00Z');
      await nightlyBatches(h.deps);
      expect(await batches()).toHaveLength(0);
      h.clock.set('2026-03-03T08:00:00Z');
      await nightlyBatches(h.deps);
      expect(await batches()).toMatchObject([{ nightly: true, start_date: '2026-03-02', total: 2 }]);
    } finally {
      await h.db.execute(sql`update organizations set timezone = 'UTC' where id = 1`);
      h.clock.set(NOW);
    }
  });
});

describe('analytics reports', () => {
  it('streams the report to the requester as the model writes it, keeps it, and links claims to evidence', async () => {
    fake.answer((req) => {
      const user = req.messages.find((m) => m.role === 'user')?.content ?? '';
      const signal = user.match(/"id":"(att\d+\.signal\.input_repeat\.1)"/)?.[1];
      const worked = [...user.matchAll(/"id":"(att\d+\.worked)"/g)].at(-1)?.[1];
      return {
        kind: 'text',
        content: `## Team\n\nVA-1 needs a review of repeated input. [[${signal}]]\nVA-2 worked 2 hours. [[${worked}]]\nVA-2 is lazy. [[att1.invented]]\n`,
      };
    });
    const socket = await socketOf('ada@home.test');
    const queued = await call('ada@home.test', 'POST', '/api/v1/admin-access/ai-analytics/generate-report', {
      ...PERIOD,
      va_ids: [w.ann.id, w.bob.id],
    });
    expect(queued).toMatchObject({ status: 202, body: { status: 'queued', va_ids: [w.ann.id, w.bob.id] } });
    const messages: ServerMessage[] = [];
    for (;;) {
      const m = await socket.next('ai.report', 10_000);
      messages.push(m);
      if (m.type === 'ai.report' && m.data.status !== 'running') break;
    }
    const data = messages.map(
      (m) => m.data as { report_id: number; seq: number; status: string; delta?: string },
    );
    expect(data.every((d) => d.report_id === queued.body.id)).toBe(true);
    expect(data.map((d) => d.seq)).toEqual(data.map((_, i) => i));
    expect(data.filter((d) => d.delta).length).toBeGreaterThanOrEqual(3);
    expect(data.at(-1)?.status).toBe('done');
    // The requester reads names as the text arrives; the model only ever saw aliases.
    const streamed = data.map((d) => d.delta ?? '').join('');
    expect(streamed).toContain('Annabel Quinterro needs a review');
    expect(streamed).not.toContain('VA-1');

    const kept = await call(
      'ada@home.test',
      'GET',
      `/api/v1/admin-access/ai-analytics/reports/${queued.body.id}`,
    );
    expect(kept.body).toMatchObject({ status: 'done', model: 'fake-model', dropped_claims: 1 });
    expect(kept.body.claims.map((c: { text: string }) => c.text)).toEqual([
      'Annabel Quinterro needs a review of repeated input.',
      'Bob Test worked 2 hours.',
    ]);
    expect(kept.body.claims[0].evidence[0].page).toBe(`reports/activity-logs/${w.annShift.id}`);
    expect(kept.body.claims[1].evidence[0]).toMatchObject({
      id: `att${w.bobShift.id}.worked`,
      page: `reports/activity-logs/${w.bobShift.id}`,
    });
    expect(kept.body.markdown).not.toContain('lazy');
    expect(kept.body.markdown).not.toContain('[[');
    expect(JSON.stringify(fake.requests)).not.toContain('Quinterro');
    // Kept for the requester only.
    expect(
      (await call('ada@home.test', 'GET', '/api/v1/admin-access/ai-analytics/reports')).body.data,
    ).toHaveLength(1);
    expect(
      (await call('cleo@home.test', 'GET', `/api/v1/client-access/ai-analytics/reports/${queued.body.id}`))
        .status,
    ).toBe(404);
  });

  it("a client's report covers only their own VAs: another client's VA answers 404", async () => {
    const other = await call('cleo@home.test', 'POST', '/api/v1/client-access/ai-analytics/generate-report', {
      ...PERIOD,
      va_ids: [w.ann.id, w.bob.id],
    });
    expect(other.status).toBe(404);
    h.deps.llm = createNoModel();
    const mine = await call(
      'cleo@home.test',
      'POST',
      '/api/v1/client-access/ai-analytics/generate-report',
      PERIOD,
    );
    expect(mine.body.va_ids).toEqual([w.ann.id]);
    const done = await settled(
      async () =>
        (await call('cleo@home.test', 'GET', `/api/v1/client-access/ai-analytics/reports/${mine.body.id}`))
          .body,
    );
    expect(done.status).toBe('done');
    expect(done.markdown).toContain('Annabel Quinterro');
    expect(done.markdown).not.toContain('Bob');
  });

  it('a model that stalls mid-stream ends the report as failed at the deadline, and the requester is told', async () => {
    fake.answer(() => ({ kind: 'stall', afterHeaders: true }));
    const socket = await socketOf('ada@home.test');
    const queued = await call(
      'ada@home.test',
      'POST',
      '/api/v1/admin-access/ai-analytics/generate-report',
      PERIOD,
    );
    let last: ServerMessage;
    do last = await socket.next('ai.report', 10_000);
    while (last.type === 'ai.report' && last.data.status === 'running');
    expect(last.data).toMatchObject({ status: 'failed' });
    const kept = await call(
      'ada@home.test',
      'GET',
      `/api/v1/admin-access/ai-analytics/reports/${queued.body.id}`,
    );
    expect(kept.body).toMatchObject({ status: 'failed', error: 'The model did not answer within 2 s.' });
  });
});
