import { msg } from '@vahub/shared/api/messages';
import { REQUEST_MESSAGES as M } from '@vahub/shared/requests/messages';
import {
  ATTACHMENT_TYPES,
  type CreateRequestInput,
  createRequestSchema,
  type PaidBy,
  REQUESTS,
  type RequestType,
  VACATION_TYPES,
} from '@vahub/shared/requests/schemas';
import type { TFunction } from 'i18next';
import { sayMessage, schemaErrors } from '../../../../lib/form-errors';
import { type FormKind, fileRequired, KINDS } from './kinds';

/** What the request form holds; ids as text (Mantine's selects), times as minutes since midnight. */
export interface RequestValues {
  type: RequestType;
  contract_id: string | null;
  paid_by: PaidBy | null;
  start: string | null;
  end: string | null;
  attendance_id: string | null;
  minutes: number | string;
  mus_date: string | null;
  mus_start: number | null;
  mus_end: number | null;
  details: string;
  file: File | null;
}

export const initialValues = (kind: FormKind): RequestValues => ({
  type: KINDS[kind].types[0],
  contract_id: null,
  paid_by: null,
  start: null,
  end: null,
  attendance_id: null,
  minutes: '',
  mus_date: null,
  mus_start: null,
  mus_end: null,
  details: '',
  file: null,
});

const isVacationType = (type: RequestType) => (VACATION_TYPES as readonly string[]).includes(type);
const id = (value: string | null) => (value ? Number(value) : undefined);

/** The fields of the request as the API takes them (the attachment travels beside them). */
export function bodyOf(kind: FormKind, v: RequestValues): CreateRequestInput {
  const body: CreateRequestInput = {
    type: v.type,
    contract_id: id(v.contract_id) as number,
    details: v.details.trim() || undefined,
  };
  if (KINDS[kind].leave) {
    body.target_start_date = v.start ?? undefined;
    // One day when only the first is given.
    body.target_end_date = v.end ?? v.start ?? undefined;
    if (isVacationType(v.type))
      body.paid_by = v.type === 'unpaid_leave' ? 'unpaid' : (v.paid_by ?? undefined);
  }
  if (kind === 'overtime') {
    body.attendance_id = id(v.attendance_id);
    body.minutes = v.minutes === '' ? undefined : Number(v.minutes);
  }
  if (kind === 'mus') {
    if (v.mus_date && v.mus_start !== null && v.mus_end !== null)
      body.mus = { date: v.mus_date, start: v.mus_start, end: v.mus_end };
    body.attendance_id = id(v.attendance_id);
  }
  return body;
}

/** Why a file cannot be attached (a catalog text), or null. Checked here too so nobody uploads 10 MB for a 422. */
export function attachmentProblem(file: { type: string; size: number }): string | null {
  if (!(ATTACHMENT_TYPES as readonly string[]).includes(file.type)) return M.file_type;
  if (file.size > REQUESTS.maxFileBytes)
    return msg(M.file_too_large, { max: REQUESTS.maxFileBytes / (1024 * 1024) });
  return null;
}

/** The API's field names → the form's. */
const FORM_FIELD: Record<string, keyof RequestValues> = {
  target_start_date: 'start',
  target_end_date: 'end',
  mus: 'mus_date',
  'mus.date': 'mus_date',
  'mus.start': 'mus_start',
  'mus.end': 'mus_end',
};
export const formFieldOf = (field: string): string => FORM_FIELD[field] ?? field;

/** The form's fields a kind shows (an error on any other field is said in a notification instead). */
export function visibleFields(kind: FormKind): string[] {
  const common = ['type', 'contract_id', 'details', 'file'];
  if (KINDS[kind].leave) return [...common, 'paid_by', 'start', 'end'];
  if (kind === 'overtime') return [...common, 'attendance_id', 'minutes'];
  return [...common, 'attendance_id', 'mus_date', 'mus_start', 'mus_end'];
}

/** Errors keyed by the API's fields → by the form's; the first message of a field wins. */
export function toFormErrors(errors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    const key = formFieldOf(field);
    out[key] ??= message;
  }
  return out;
}

/**
 * Everything the form can tell before sending, in the user's language: the shared schema's checks (the same
 * the server runs), then what the form knows beyond it: who pays, a required reason, the attachment, the
 * make-up shift's parts and the contract's overtime limit.
 */
export function validateRequest(
  kind: FormKind,
  v: RequestValues,
  t: TFunction,
  limits: { maxOvertimeMinutes?: number } = {},
): Record<string, string> {
  const say = (text: string) => sayMessage(t, text);
  const errors = toFormErrors(schemaErrors(createRequestSchema, bodyOf(kind, v), t));
  if (isVacationType(v.type) && v.type !== 'unpaid_leave' && !v.paid_by)
    errors.paid_by ??= say(M.choose_paid_by);
  if (KINDS[kind].detailsRequired && !v.details.trim()) errors.details ??= say(M.details_required);
  if (v.file) {
    const problem = attachmentProblem(v.file);
    if (problem) errors.file = say(problem);
  } else if (fileRequired(v.type)) errors.file = say(M.file_required);
  if (kind === 'overtime' && limits.maxOvertimeMinutes !== undefined && !errors.minutes) {
    const minutes = Number(v.minutes);
    if (minutes > limits.maxOvertimeMinutes)
      errors.minutes = say(msg(M.minutes_range, { max: limits.maxOvertimeMinutes }));
  }
  if (kind === 'mus') {
    // The schema says the make-up shift is missing as a whole; point at the part that is.
    if (errors.mus_date && v.mus_date) delete errors.mus_date;
    if (!v.mus_date) errors.mus_date ??= say(M.mus_required);
    if (v.mus_start === null) errors.mus_start ??= say(M.mus_required);
    if (v.mus_end === null) errors.mus_end ??= say(M.mus_required);
    if (v.mus_start !== null && v.mus_start === v.mus_end) errors.mus_end ??= say(M.mus_length);
  }
  return errors;
}
