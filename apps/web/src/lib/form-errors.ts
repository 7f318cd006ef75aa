import { type CodedMessage, codeOf, codeOfIssue } from '@vahub/shared/api/messages';
import { SIGNUP_MESSAGES } from '@vahub/shared/auth/schemas';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { isApiError } from './normalize-error';
import { notify } from './notify';

/**
 * Messages in the user's language. The server and the shared schemas speak English and give each message a
 * code (`packages/shared/src/api/messages.ts`); the `errors` namespace says each code in every language.
 * The English text stays the fallback when a code has no translation.
 */
export function sayCoded(t: TFunction, coded: CodedMessage | null | undefined, fallback: string): string {
  if (!coded) return fallback;
  return t(`errors:${coded.code}`, { ...coded.params, defaultValue: fallback });
}

/** A catalog text (a schema's or the server's) in the user's language. */
export const sayMessage = (t: TFunction, text: string): string => sayCoded(t, codeOf(text), text);

/**
 * The message of a failed call in the user's language (its `message_code`, else as the server said it);
 * for anything but an API problem, a generic "the request failed".
 */
export function problemMessage(t: TFunction, error: unknown): string {
  if (!isApiError(error)) return t('common:requestFailed');
  return sayCoded(t, error.messageCode, error.message);
}

/** First message of each field of a failed call, in the user's language (what Mantine's `setErrors` takes). */
export function problemFieldErrors(t: TFunction, error: unknown): Record<string, string> {
  if (!isApiError(error) || !error.errors) return {};
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.errors)) {
    const first = messages[0];
    if (first) out[field] = sayCoded(t, error.codes?.[field]?.[0] ?? codeOf(first), first);
  }
  return out;
}

/** First issue per field of a zod schema, as Mantine form errors; in the user's language when `t` is given. */
export function schemaErrors(schema: z.ZodType, values: unknown, t?: TFunction): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.');
    if (!field || errors[field]) continue;
    errors[field] = t ? sayCoded(t, codeOfIssue(issue as never), issue.message) : issue.message;
  }
  return errors;
}

/**
 * zod runs an object's cross-field check only once every field is valid; show the mismatch right away too.
 */
export function withMismatch(
  errors: Record<string, string>,
  values: { password: string; password_confirmation?: string },
  t?: TFunction,
): Record<string, string> {
  const { password, password_confirmation: confirmation } = values;
  if (!errors.password_confirmation && confirmation && confirmation !== password) {
    const text = SIGNUP_MESSAGES.confirmation_mismatch;
    return { ...errors, password_confirmation: t ? sayMessage(t, text) : text };
  }
  return errors;
}

/**
 * What a form does with a failed call: the fields' messages on the fields, else the problem's message in a
 * notification; both in the user's language.
 */
export function showProblem(
  t: TFunction,
  form: { setErrors(errors: Record<string, string>): void },
  error: unknown,
): void {
  const errors = problemFieldErrors(t, error);
  if (Object.keys(errors).length > 0) form.setErrors(errors);
  else notify('warning', problemMessage(t, error));
}
