/** One message of a chat with the model, in our words (no vendor type crosses this interface). */
export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };

/** What a model call used, as the provider counted it (0 where it did not say). */
export type TokenUsage = { prompt: number; completion: number; total: number };

export type CompletionRequest = {
  messages: ChatMessage[];
  /** Ask for a JSON object (`response_format: json_object`); the caller still parses and checks it. */
  json?: boolean;
  /** Streams the answer: called with each piece of text as it arrives. */
  onText?: (delta: string) => void;
  /** Stops the call early (a job being stopped); the adapter's own deadline applies anyway. */
  signal?: AbortSignal;
  maxTokens?: number;
};

export type Completion = { text: string; model: string; usage: TokenUsage };

/**
 * A chat model (`createLanguageModel` picks the implementation from the configuration). The ai module is its only
 * user; no module imports a vendor SDK. Every call ends within the configured deadline: it answers, or throws a
 * `LanguageModelError`.
 */
export interface LanguageModel {
  /** `openai-compatible` with LLM_BASE_URL and LLM_MODEL; `none` without them (the built-in analyst answers). */
  readonly provider: 'openai-compatible' | 'none';
  /** The configured model's name, or null. */
  readonly model: string | null;
  complete(request: CompletionRequest): Promise<Completion>;
}

export type LanguageModelFailure =
  /** No model is configured. */
  | 'not_configured'
  /** The whole-answer deadline passed (after the retries). */
  | 'timeout'
  /** The endpoint answered 5xx, or could not be reached (after the retries). */
  | 'unavailable'
  /** The endpoint refused the request (4xx: a wrong key, model or request); retrying does not help. */
  | 'refused'
  /** The caller stopped the call. */
  | 'aborted';

/** A model call failed; `message` is plain and safe to store on a result (never the key, never the prompt). */
export class LanguageModelError extends Error {
  constructor(
    readonly failure: LanguageModelFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'LanguageModelError';
  }
}
