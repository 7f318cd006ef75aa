import { type CodedMessage, codeOf } from '@vahub/shared/api/messages';
import type { TFunction } from 'i18next';
import { sayCoded } from '../../../lib/form-errors';
import { isApiError } from '../../../lib/normalize-error';

/**
 * The requests API puts its own words in some messages ("already {{status}}", "your {{type}} request", "{{left}}
 * {{pool}} days"): those parameters are said in the user's language too, not only the sentence around them.
 */
const WORDS: Record<string, string> = { status: 'statusWord', type: 'typeWord', pool: 'pool' };

function localized(t: TFunction, coded: CodedMessage): CodedMessage {
  if (!coded.code.startsWith('requests.') || !coded.params) return coded;
  const params = { ...coded.params };
  for (const [name, group] of Object.entries(WORDS)) {
    const value = params[name];
    if (typeof value === 'string') params[name] = t(`requests:${group}.${value}`, { defaultValue: value });
  }
  return { ...coded, params };
}

/** A coded message of the requests API in the user's language, its own words (type, status, pool) too. */
export const say = (t: TFunction, coded: CodedMessage | null | undefined, text: string) =>
  sayCoded(t, coded ? localized(t, coded) : null, text);

/** The first message of each field of a failed call, in the user's language (like `problemFieldErrors`). */
export function requestFieldErrors(t: TFunction, error: unknown): Record<string, string> {
  if (!isApiError(error) || !error.errors) return {};
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.errors)) {
    const first = messages[0];
    if (first) out[field] = say(t, error.codes?.[field]?.[0] ?? codeOf(first), first);
  }
  return out;
}

/** The message of a failed call in the user's language (like `problemMessage`). */
export function requestProblemMessage(t: TFunction, error: unknown): string {
  if (!isApiError(error)) return t('common:requestFailed');
  return say(t, error.messageCode ?? codeOf(error.message), error.message);
}
