import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clientManagers } from '../src/modules/people/client-managers.table';
import { createNoModel } from '../src/platform/llm/none-model';
import type { LanguageModel } from '../src/platform/llm/types';
import { type AiWorld, idsShown, seedAiWorld, settled } from './ai-fixtures';
import { type FakeLlm, startFakeLlm } from './fake-llm';
import { createHarness, type Harness } from './harness';

let h: Harness;
let fake: FakeLlm;
let w: AiWorld;
let model: LanguageModel;

beforeAll(async () => {
  fake = await startFakeLlm();
  h = await createHarness({
    LLM_BASE_URL: fake.url,
    LLM_API_KEY: 'sk-test',
    LLM_MODEL: 'fake-model',
    LLM_TIMEOUT_MS: '1500',
    LLM_MAX_RETRIES: '1',
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

const call = async (
  email: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => {
  const res = await h.app.inject({
    method,
    url,
    headers: await h.bearer(email),
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() };
};

const process = (attendanceId: number, promptId = 'attendance_summary') =>
  call('ada@home.test', 'POST', '/api/v1/admin-access/lm/process-attendance', {
    attendance_id: attendanceId,
    prompt_id: promptId,
  });

const resultsOf = async (attendanceId: number, email = 'ada@home.test', area = 'admin') =>
  call(email, 'GET', `/api/v1/${area}-access/lm/attendance-results?attendance_id=${attendanceId}`);

/** Queues an analysis of Ann's shift and waits for the job to finish it. */
async function analyseAnn(promptId = 'attendance_summary') {
  const queued = await process(w.annShift.id, promptId);
  expect(queued.status).toBe(202);
  expect(queued.body.status).toBe('queued');
  return settled(async () =>
    (await resultsOf(w.annShift.id)).body.data.find((r: { id: number }) => r.id === queued.body.id),
  );
}

/** A model answer citing the given ids (and, if asked, an id the pack does not have). */
const claimsAnswer = (ids: string[], unknown = false) =>
  JSON.stringify({
    markdown: 'VA-1 worked the whole shift.',
    claims: [
      { text: 'VA-1 clocked in on time.', evidence: ids.slice(0, 1) },
      { text: 'VA-1 needs a review of repeated input.', evidence: ids.filter((id) => id.includes('signal')) },
      ...(unknown ? [{ text: 'VA-1 watched videos all day.', evidence: ['att999.made_up'] }] : []),
    ],
  });

describe('the built-in analyst (no model configured)', () => {
  it('queues (202), then writes a deterministic report from the pack with claims linked to evidence and the name put back', async () => {
    h.deps.llm = createNoModel();
    const result = await analyseAnn('unusual_activity');
    expect(result).toMatchObject({
      status: 'done',
      model: 'built-in',
      tokens: 0,
      dropped_claims: 0,
      prompt_version: 1,
      error: null,
    });
    expect(result.markdown).toContain(
      'Written by the built-in analyst from the figures alone, because no language model is configured',
    );
    expect(result.markdown).toContain('Annabel Quinterro');
    expect(result.markdown).not.toContain('VA-1');
    expect(result.signals.map((s: { rule: string }) => s.rule)).toEqual(['input_repeat']);
    const claim = result.claims.find((c: { text: string }) => c.text.includes('Needs review'));
    expect(claim.evidence[0]).toMatchObject({
      id: `att${w.annShift.id}.signal.input_repeat.1`,
      page: `reports/activity-logs/${w.annShift.id}`,
    });
    expect(result.input_hash).toMatch(/^[0-9a-f]{64}$/);
    // The same rows and prompt give the same input hash.
    const again = await analyseAnn('unusual_activity');
    expect(again.input_hash).toBe(result.input_hash);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('who sees a result', () => {
  it('the admin, the client of that shift, the VA it is about; not another client, a manager outside scope, another VA or organization', async () => {
    h.deps.llm = createNoModel();
    await analyseAnn();
    const id = w.annShift.id;
    expect((await resultsOf(id, 'cleo@home.test', 'client')).body.data).toHaveLength(1);
    expect((await resultsOf(id, 'ann.secret@home.test', 'va')).body.data).toHaveLength(1);
    expect((await resultsOf(id, 'carl@home.test', 'client')).status).toBe(404);
    expect((await resultsOf(id, 'max@home.test', 'manager')).status).toBe(404);
    // Once Cleo is his client, Ann is in Max's scope and so is her result.
    await h.db.insert(clientManagers).values({ clientId: w.cleo.id, managerId: w.max.id });
    expect((await resultsOf(id, 'max@home.test', 'manager')).body.data).toHaveLength(1);
    expect((await resultsOf(id, 'bob@home.test', 'va')).status).toBe(404);
    expect((await resultsOf(id, 'admin@else.test', 'admin')).status).toBe(404);
    // Only an admin asks for an analysis.
    const byClient = await call('cleo@home.test', 'POST', '/api/v1/client-access/lm/process-attendance', {
      attendance_id: id,
    });
    expect(byClient.status).toBe(404);
    expect(
      (
        await call('admin@else.test', 'POST', '/api/v1/admin-access/lm/process-attendance', {
          attendance_id: id,
        })
      ).status,
    ).toBe(404);
  });

  it("the VA adds a note to a result about them, shown to the admin and the client; another VA's answers 404", async () => {
    h.deps.llm = createNoModel();
    const result = await analyseAnn();
    const url = `/api/v1/va-access/lm/attendance-results/${result.id}/note`;
    expect((await call('bob@home.test', 'PATCH', url, { note: 'not mine' })).status).toBe(404);
    const noted = await call('ann.secret@home.test', 'PATCH', url, { note: 'I was on a training video.' });
    expect(noted.status).toBe(200);
    const [seen] = (await resultsOf(w.annShift.id)).body.data;
    expect(seen.note).toBe('I was on a training video.');
    expect((await resultsOf(w.annShift.id, 'cleo@home.test', 'client')).body.data[0].note).toBe(
      'I was on a training video.',
    );
  });
});

describe('a configured model', () => {
  it('gets aliases only, and its claims are kept only where the cited evidence exists (the rest dropped and counted); tokens are counted', async () => {
    fake.answer((req) => {
      const user = req.messages.find((m) => m.role === 'user')?.content ?? '';
      const ids = [...user.matchAll(/"id":"(att[^"]+)"/g)].map((m) => m[1]);
      return {
        kind: 'text',
        content: claimsAnswer(ids, true),
        usage: { prompt_tokens: 300, completion_tokens: 50 },
      };
    });
    const result = await analyseAnn();
    expect(result).toMatchObject({ status: 'done', model: 'fake-model', tokens: 350, dropped_claims: 1 });
    expect(result.claims.map((c: { text: string }) => c.text)).toEqual([
      'Annabel Quinterro clocked in on time.',
      'Annabel Quinterro needs a review of repeated input.',
    ]);
    expect(result.markdown).not.toContain('att999');
    expect(result.markdown).not.toContain('videos');
    const sent = JSON.stringify(fake.requests);
    expect(sent).toContain('VA-1');
    for (const secret of ['Annabel', 'Quinterro', 'ann.secret@home.test']) expect(sent).not.toContain(secret);
    expect(idsShown(fake)).toContain(`att${w.annShift.id}.signal.input_repeat.1`);
    const settings = await call('ada@home.test', 'GET', '/api/v1/admin-access/ai/settings');
    expect(settings.body).toMatchObject({ tokens_this_month: 350, model: 'fake-model', enabled: true });
  });

  it('gives a malformed answer one repair attempt', async () => {
    fake.answer((req, i) => {
      if (i === 0) return { kind: 'text', content: 'Sure! Here is the report: VA-1 did fine.' };
      const user = req.messages.find((m) => m.role === 'user')?.content ?? '';
      return {
        kind: 'text',
        content: claimsAnswer([...user.matchAll(/"id":"(att[^"]+)"/g)].map((m) => m[1])),
      };
    });
    const result = await analyseAnn();
    expect(result.status).toBe('done');
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1].messages.at(-1)?.content).toMatch(/^That was not the JSON asked for/);
    expect(result.tokens).toBe(240);
  });

  it('fails with a plain reason when the answer is malformed twice', async () => {
    fake.answer(() => ({ kind: 'text', content: 'no json here' }));
    const result = await analyseAnn();
    expect(result).toMatchObject({
      status: 'failed',
      markdown: null,
      error: 'The model answered something other than the report asked for, twice.',
    });
    expect(fake.requests).toHaveLength(2);
  });

  it('retries a 500 once (LLM_MAX_RETRIES=1), then fails with the reason', async () => {
    fake.answer(() => ({ kind: 'status', status: 500 }));
    const result = await analyseAnn();
    expect(result).toMatchObject({
      status: 'failed',
      error: 'The model endpoint answered 500.',
      model: 'fake-model',
    });
    expect(fake.requests).toHaveLength(2);
  });

  it('ends a stalled model at the deadline: the result fails, the job does not hang', async () => {
    fake.answer(() => ({ kind: 'stall' }));
    const started = Date.now();
    const result = await analyseAnn();
    expect(result).toMatchObject({ status: 'failed', error: 'The model did not answer within 2 s.' });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('past the monthly budget the super admin set, the built-in analyst writes and says why', async () => {
    fake.answer(() => ({ kind: 'text', content: '{}', usage: { prompt_tokens: 1, completion_tokens: 1 } }));
    const denied = await call(
      'ada@home.test',
      'PATCH',
      '/api/v1/super-admin-access/organizations/1/ai-budget',
      { monthly_token_budget: 0 },
    );
    expect(denied.status).toBe(403);
    const set = await call(
      'root@home.test',
      'PATCH',
      '/api/v1/super-admin-access/organizations/1/ai-budget',
      { monthly_token_budget: 0 },
    );
    expect(set.status).toBe(200);
    expect(set.body.monthly_token_budget).toBe(0);
    const result = await analyseAnn();
    expect(result).toMatchObject({ status: 'done', model: 'built-in' });
    expect(result.markdown).toContain("because the organization's monthly token budget is used up");
    expect(fake.requests).toHaveLength(0);
  });

  it('an organization that turned AI off gets 409 and nothing is queued', async () => {
    const off = await call('ada@home.test', 'PATCH', '/api/v1/admin-access/ai/settings', { enabled: false });
    expect(off.body.enabled).toBe(false);
    const queued = await process(w.annShift.id);
    expect(queued.status).toBe(409);
    expect(queued.body.message).toBe('AI reports are turned off for this organization.');
    expect((await resultsOf(w.annShift.id)).body.data).toEqual([]);
  });
});

describe('prompts', () => {
  it('lists the built-in ones; an admin adds, edits (a new template is a new version) and deletes their own; a result records the version', async () => {
    h.deps.llm = createNoModel();
    const list = await call('ada@home.test', 'GET', '/api/v1/admin-access/lm/prompts');
    expect(list.body.data.map((p: { id: string }) => p.id)).toEqual([
      'attendance_summary',
      'unusual_activity',
      'schedule_adherence',
    ]);
    const created = await call('ada@home.test', 'POST', '/api/v1/admin-access/lm/prompts', {
      name: 'Short',
      template: 'Be brief.',
    });
    expect(created).toMatchObject({ status: 201, body: { version: 1, built_in: false } });
    const renamed = await call(
      'ada@home.test',
      'PATCH',
      `/api/v1/admin-access/lm/prompts/${created.body.id}`,
      { name: 'Shorter' },
    );
    expect(renamed.body.version).toBe(1);
    const edited = await call(
      'ada@home.test',
      'PATCH',
      `/api/v1/admin-access/lm/prompts/${created.body.id}`,
      { template: 'Be briefer.' },
    );
    expect(edited.body.version).toBe(2);
    const result = await analyseAnn(created.body.id);
    expect(result).toMatchObject({ prompt_id: created.body.id, prompt_version: 2 });
    // Another organization cannot touch it; a client cannot write prompts.
    expect(
      (await call('admin@else.test', 'DELETE', `/api/v1/admin-access/lm/prompts/${created.body.id}`)).status,
    ).toBe(404);
    // The client's prompts are read-only: writing answers 405.
    expect(
      (await call('cleo@home.test', 'POST', '/api/v1/client-access/lm/prompts', { name: 'x', template: 'y' }))
        .status,
    ).toBe(405);
    expect(
      (await call('ada@home.test', 'DELETE', `/api/v1/admin-access/lm/prompts/${created.body.id}`)).status,
    ).toBe(200);
    expect((await process(w.annShift.id, created.body.id)).status).toBe(404);
    expect((await process(w.annShift.id, 'nonsense')).status).toBe(404);
  });
});
