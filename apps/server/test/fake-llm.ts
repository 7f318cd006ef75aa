import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake was asked: the chat completion request's body. */
export type FakeLlmRequest = {
  model: string;
  messages: Array<{ role: string; content: string }>;
  stream?: boolean;
  response_format?: { type: string };
};

/**
 * How the fake answers one request: text (JSON, or SSE chunks when the request streams), an HTTP error status,
 * or a stall (headers never sent, or, with `afterHeaders`, a stream that stops mid-answer).
 */
export type FakeLlmAnswer =
  | { kind: 'text'; content: string; usage?: { prompt_tokens: number; completion_tokens: number } }
  | { kind: 'status'; status: number }
  | { kind: 'stall'; afterHeaders?: boolean };

export type FakeLlm = {
  /** The base URL to give as LLM_BASE_URL (`http://127.0.0.1:<port>/v1`). */
  url: string;
  requests: FakeLlmRequest[];
  /** How the next requests are answered (the default answers "ok"). */
  answer(fn: (request: FakeLlmRequest, index: number) => FakeLlmAnswer): void;
  close(): Promise<void>;
};

/**
 * A small OpenAI-compatible server: `POST /v1/chat/completions` only, as DESIGN.md says a fake needs. Streams as
 * the real API does: `data: {chunk}` lines, a last chunk with `usage` when `stream_options.include_usage`, then
 * `data: [DONE]`.
 */
export async function startFakeLlm(): Promise<FakeLlm> {
  const requests: FakeLlmRequest[] = [];
  const open = new Set<ServerResponse>();
  let answerFn: (request: FakeLlmRequest, index: number) => FakeLlmAnswer = () => ({
    kind: 'text',
    content: 'ok',
  });

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as FakeLlmRequest;
    const index = requests.push(body) - 1;
    const answer = answerFn(body, index);
    if (answer.kind === 'status') {
      res
        .writeHead(answer.status, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: `fake ${answer.status}`, type: 'server_error' } }));
      return;
    }
    if (answer.kind === 'stall') {
      open.add(res);
      res.on('close', () => open.delete(res));
      if (answer.afterHeaders) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(
          `data: ${JSON.stringify(chunk(body.model, { role: 'assistant', content: 'Partial' }))}\n\n`,
        );
      }
      return;
    }
    const usage = {
      prompt_tokens: answer.usage?.prompt_tokens ?? 100,
      completion_tokens: answer.usage?.completion_tokens ?? 20,
      total_tokens: (answer.usage?.prompt_tokens ?? 100) + (answer.usage?.completion_tokens ?? 20),
    };
    if (!body.stream) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: `chatcmpl-${index}`,
          object: 'chat.completion',
          created: 1,
          model: body.model,
          choices: [
            { index: 0, finish_reason: 'stop', message: { role: 'assistant', content: answer.content } },
          ],
          usage,
        }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    // Three pieces at least, so a test sees the text arrive in parts.
    const size = Math.max(1, Math.ceil(answer.content.length / 3));
    for (let i = 0; i < answer.content.length; i += size) {
      res.write(
        `data: ${JSON.stringify(chunk(body.model, { content: answer.content.slice(i, i + size) }))}\n\n`,
      );
    }
    res.write(`data: ${JSON.stringify({ ...chunk(body.model, {}, 'stop'), usage: null })}\n\n`);
    res.write(`data: ${JSON.stringify({ ...chunk(body.model, null), choices: [], usage })}\n\n`);
    res.end('data: [DONE]\n\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    answer(fn) {
      answerFn = fn;
    },
    async close() {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function chunk(model: string, delta: Record<string, string> | null, finish: string | null = null) {
  return {
    id: 'chatcmpl-stream',
    object: 'chat.completion.chunk',
    created: 1,
    model,
    choices: delta ? [{ index: 0, delta, finish_reason: finish }] : [],
  };
}
