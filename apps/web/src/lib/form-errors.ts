import { SIGNUP_MESSAGES } from '@vahub/shared/auth/schemas';
import type { TFunction } from 'i18next';
import type { z } from 'zod';

const keyOf = new Map<string, string>(
  Object.entries(SIGNUP_MESSAGES).map(([key, message]) => [message, key]),
);

/** The shared schema speaks English; show its known messages in the chosen language. */
export function translateMessage(t: TFunction, message: string): string {
  const key = keyOf.get(message);
  return key ? t(`validation.${key}`, { defaultValue: message }) : message;
}

/** First issue per field of a zod schema, as Mantine form errors. */
export function schemaErrors(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.');
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * zod runs an object's cross-field check only once every field is valid; show the mismatch right away too.
 */
export function withMismatch(
  errors: Record<string, string>,
  values: { password: string; password_confirmation?: string },
): Record<string, string> {
  const { password, password_confirmation: confirmation } = values;
  if (!errors.password_confirmation && confirmation && confirmation !== password) {
    return { ...errors, password_confirmation: SIGNUP_MESSAGES.confirmation_mismatch };
  }
  return errors;
}
