import { type LanguageModel, LanguageModelError } from './types';

/** No model configured: the ai module sees `provider: 'none'` and lets the built-in analyst write. */
export function createNoModel(): LanguageModel {
  return {
    provider: 'none',
    model: null,
    async complete() {
      throw new LanguageModelError(
        'not_configured',
        'No language model is configured (LLM_BASE_URL, LLM_MODEL).',
      );
    },
  };
}
