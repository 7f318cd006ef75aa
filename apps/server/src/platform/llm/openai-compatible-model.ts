import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import {
  type Completion,
  type CompletionRequest,
  type LanguageModel,
  LanguageModelError,
  type TokenUsage,
} from './types';

export type OpenAiCompatibleOptions = {
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** The whole answer's deadline, retries and streaming included. */
  timeoutMs: number;
  maxRetries: number;
};

/**
 * Any OpenAI-compatible chat endpoint (OpenAI, Azure, Ollama, vLLM) through the `openai` SDK. The SDK retries 5xx
 * and timeouts (`maxRetries`, with backoff) but its `timeout` covers only the wait for headers, so every call also
 * carries `AbortSignal.timeout`: the answer is whole within `timeoutMs` or the call fails as `timeout`.
 */
export function createOpenAiCompatibleModel(options: OpenAiCompatibleOptions): LanguageModel {
  const client = new OpenAI({
    baseURL: options.baseUrl,
    // A local endpoint may take none; the SDK refuses an empty key.
    apiKey: options.apiKey || 'none',
    maxRetries: options.maxRetries,
    timeout: options.timeoutMs,
  });

  async function complete(request: CompletionRequest): Promise<Completion> {
    const deadline = AbortSignal.timeout(options.timeoutMs);
    const signal = request.signal ? AbortSignal.any([deadline, request.signal]) : deadline;
    const body = {
      model: options.model,
      messages: request.messages,
      ...(request.json ? { response_format: { type: 'json_object' as const } } : {}),
      ...(request.maxTokens ? { max_tokens: request.maxTokens } : {}),
    };
    try {
      if (!request.onText) {
        const answer = await client.chat.completions.create({ ...body, stream: false }, { signal });
        return {
          text: answer.choices[0]?.message?.content ?? '',
          model: answer.model || options.model,
          usage: usageOf(answer.usage),
        };
      }
      const stream = await client.chat.completions.create(
        { ...body, stream: true, stream_options: { include_usage: true } },
        { signal },
      );
      let text = '';
      let model = options.model;
      let usage: TokenUsage = { prompt: 0, completion: 0, total: 0 };
      for await (const chunk of stream) {
        if (chunk.model) model = chunk.model;
        if (chunk.usage) usage = usageOf(chunk.usage);
        const delta = chunk.choices[0]?.delta?.content;
        if (delta) {
          text += delta;
          request.onText(delta);
        }
      }
      // The SDK ends an aborted stream quietly: a cut answer must not pass for a whole one.
      if (signal.aborted) throw signal.reason;
      return { text, model, usage };
    } catch (error) {
      throw mapError(error, deadline.aborted, options.timeoutMs);
    }
  }

  return { provider: 'openai-compatible', model: options.model, complete };
}

function usageOf(
  u: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number } | null | undefined,
) {
  const prompt = u?.prompt_tokens ?? 0;
  const completion = u?.completion_tokens ?? 0;
  return { prompt, completion, total: u?.total_tokens ?? prompt + completion };
}

/** The SDK's errors never leave the adapter: each becomes a plain `LanguageModelError`. */
function mapError(error: unknown, deadlinePassed: boolean, timeoutMs: number): LanguageModelError {
  if (deadlinePassed || error instanceof APIConnectionTimeoutError) {
    return new LanguageModelError(
      'timeout',
      `The model did not answer within ${Math.round(timeoutMs / 1000)} s.`,
      {
        cause: error,
      },
    );
  }
  if (error instanceof APIUserAbortError)
    return new LanguageModelError('aborted', 'The model call was stopped.');
  if (error instanceof APIConnectionError) {
    return new LanguageModelError('unavailable', 'The model endpoint could not be reached.', {
      cause: error,
    });
  }
  if (error instanceof APIError && typeof error.status === 'number') {
    if (error.status >= 500 || error.status === 429) {
      return new LanguageModelError('unavailable', `The model endpoint answered ${error.status}.`, {
        cause: error,
      });
    }
    return new LanguageModelError('refused', `The model endpoint refused the request (${error.status}).`, {
      cause: error,
    });
  }
  if (error instanceof Error && error.name === 'AbortError') {
    return new LanguageModelError('aborted', 'The model call was stopped.', { cause: error });
  }
  return new LanguageModelError('unavailable', 'The model answered something unreadable.', { cause: error });
}
