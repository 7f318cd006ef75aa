import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createLanguageModel } from '../src/platform/llm/create-language-model';
import { LanguageModelError } from '../src/platform/llm/types';
import { type FakeLlm, startFakeLlm } from './fake-llm';

let fake: FakeLlm;
beforeAll(async () => {
  fake = await startFakeLlm();
});
afterAll(async () => {
  await fake.close();
});

const model = (overrides: { timeoutMs?: number; retries?: number } = {}) =>
  createLanguageModel({
    LLM_BASE_URL: fake.url,
    LLM_API_KEY: 'sk-test',
    LLM_MODEL: 'fake-model',
    LLM_TIMEOUT_MS: overrides.timeoutMs ?? 5000,
    LLM_MAX_RETRIES: overrides.retries ?? 2,
  });

const failureOf = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (error) {
    if (error instanceof LanguageModelError) return { failure: error.failure, message: error.message };
    throw error;
  }
  throw new Error('expected a LanguageModelError');
};

describe('the LLM adapter', () => {
  it('is none without LLM_BASE_URL and LLM_MODEL, and its calls say so', async () => {
    const none = createLanguageModel(loadConfig({ NODE_ENV: 'test' }));
    expect(none.provider).toBe('none');
    expect(await failureOf(none.complete({ messages: [{ role: 'user', content: 'x' }] }))).toMatchObject({
      failure: 'not_configured',
    });
  });

  it('refuses half a configuration at start', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', LLM_BASE_URL: 'http://127.0.0.1:1/v1' })).toThrow(
      /LLM_MODEL/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', LLM_TIMEOUT_MS: 'soon' })).toThrow(/LLM_TIMEOUT_MS/);
    expect(loadConfig({ NODE_ENV: 'test' }).LLM_TIMEOUT_MS).toBe(60000);
  });

  it('answers JSON with the model and its token usage, asking for a JSON object', async () => {
    fake.requests.length = 0;
    fake.answer(() => ({
      kind: 'text',
      content: '{"a":1}',
      usage: { prompt_tokens: 7, completion_tokens: 3 },
    }));
    const answer = await model().complete({ messages: [{ role: 'user', content: 'hi' }], json: true });
    expect(answer).toEqual({
      text: '{"a":1}',
      model: 'fake-model',
      usage: { prompt: 7, completion: 3, total: 10 },
    });
    expect(fake.requests[0]).toMatchObject({ model: 'fake-model', response_format: { type: 'json_object' } });
  });

  it('streams the text in pieces and counts the tokens of the last chunk', async () => {
    fake.answer(() => ({
      kind: 'text',
      content: 'The team worked well.',
      usage: { prompt_tokens: 5, completion_tokens: 4 },
    }));
    const pieces: string[] = [];
    const answer = await model().complete({
      messages: [{ role: 'user', content: 'hi' }],
      onText: (d) => pieces.push(d),
    });
    expect(pieces.length).toBeGreaterThanOrEqual(3);
    expect(pieces.join('')).toBe('The team worked well.');
    expect(answer.usage.total).toBe(9);
  });

  it('retries a 5xx and answers when the endpoint recovers', async () => {
    fake.requests.length = 0;
    fake.answer((_r, i) => (i < 2 ? { kind: 'status', status: 500 } : { kind: 'text', content: 'fine' }));
    const answer = await model({ retries: 2 }).complete({ messages: [{ role: 'user', content: 'hi' }] });
    expect(answer.text).toBe('fine');
    expect(fake.requests).toHaveLength(3);
  });

  it('fails as unavailable after the retries, and never retries a 4xx', async () => {
    fake.requests.length = 0;
    fake.answer(() => ({ kind: 'status', status: 503 }));
    expect(
      await failureOf(model({ retries: 1 }).complete({ messages: [{ role: 'user', content: 'x' }] })),
    ).toEqual({
      failure: 'unavailable',
      message: 'The model endpoint answered 503.',
    });
    expect(fake.requests).toHaveLength(2);
    fake.requests.length = 0;
    fake.answer(() => ({ kind: 'status', status: 401 }));
    expect(
      await failureOf(model({ retries: 3 }).complete({ messages: [{ role: 'user', content: 'x' }] })),
    ).toMatchObject({
      failure: 'refused',
    });
    expect(fake.requests).toHaveLength(1);
  });

  it('ends a stalled answer at the whole-answer deadline, streamed or not', async () => {
    fake.answer(() => ({ kind: 'stall' }));
    const started = Date.now();
    expect(
      await failureOf(
        model({ timeoutMs: 400, retries: 0 }).complete({ messages: [{ role: 'user', content: 'x' }] }),
      ),
    ).toMatchObject({ failure: 'timeout' });
    fake.answer(() => ({ kind: 'stall', afterHeaders: true }));
    const pieces: string[] = [];
    expect(
      await failureOf(
        model({ timeoutMs: 400, retries: 3 }).complete({
          messages: [{ role: 'user', content: 'x' }],
          onText: (d) => pieces.push(d),
        }),
      ),
    ).toMatchObject({ failure: 'timeout' });
    // The stream's headers came in time; only the deadline over the whole answer ends it.
    expect(pieces).toEqual(['Partial']);
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
