import type { Config } from '../../config';
import { createNoModel } from './none-model';
import { createOpenAiCompatibleModel } from './openai-compatible-model';
import type { LanguageModel } from './types';

/** An OpenAI-compatible endpoint with LLM_BASE_URL and LLM_MODEL; otherwise none (the built-in analyst writes). */
export function createLanguageModel(
  config: Pick<Config, 'LLM_BASE_URL' | 'LLM_API_KEY' | 'LLM_MODEL' | 'LLM_TIMEOUT_MS' | 'LLM_MAX_RETRIES'>,
): LanguageModel {
  if (!config.LLM_BASE_URL || !config.LLM_MODEL) return createNoModel();
  return createOpenAiCompatibleModel({
    baseUrl: config.LLM_BASE_URL,
    apiKey: config.LLM_API_KEY,
    model: config.LLM_MODEL,
    timeoutMs: config.LLM_TIMEOUT_MS,
    maxRetries: config.LLM_MAX_RETRIES,
  });
}
