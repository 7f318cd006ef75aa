import { z } from 'zod';
import { MAX_ID } from '../api/problem';
import { dateField, withRange } from '../attendance/schemas';
import { AI_MESSAGES as M } from './messages';

/** Built-in prompts ship with the product; an organization's own have numeric ids (as text). */
export const BUILT_IN_PROMPTS = ['attendance_summary', 'unusual_activity', 'schedule_adherence'] as const;
export type BuiltInPrompt = (typeof BUILT_IN_PROMPTS)[number];

export const promptIdSchema = z.string().min(1).max(40);

export const promptSchema = z.object({
  id: promptIdSchema,
  name: z.string(),
  description: z.string(),
  template: z.string(),
  version: z.number().int(),
  built_in: z.boolean(),
  updated_at: z.string().nullable(),
});
export type Prompt = z.infer<typeof promptSchema>;

export const promptCreateSchema = z.object({
  name: z.string().trim().min(1, { error: M.name_required }).max(120),
  description: z.string().trim().max(500).default(''),
  template: z.string().trim().min(1, { error: M.template_required }).max(8000),
});
export const promptUpdateSchema = promptCreateSchema.partial();

/** The fields of the evidence pack a prompt may name, listed in the prompt editor. */
export const PACK_FIELDS = [
  'subject',
  'date',
  'timezone',
  'status',
  'notes',
  'facts[].id',
  'facts[].kind',
  'facts[].label',
  'facts[].value',
  'signals[].id',
  'signals[].rule',
  'signals[].confidence',
  'signals[].threshold',
  'signals[].observed',
] as const;

export const RESULT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];

export const evidenceLinkSchema = z.object({
  id: z.string(),
  label: z.string(),
  value: z.string(),
  page: z.string(),
});
export type EvidenceLink = z.infer<typeof evidenceLinkSchema>;

/** A claim the report makes, with the evidence it cites (only evidence that exists in the pack is kept). */
export const claimSchema = z.object({ text: z.string(), evidence: z.array(evidenceLinkSchema) });
export type Claim = z.infer<typeof claimSchema>;

export const signalSchema = z.object({
  id: z.string(),
  rule: z.string(),
  verdict: z.literal('needs_review'),
  confidence: z.enum(['low', 'medium', 'high']),
  threshold: z.string(),
  observed: z.string(),
  from: z.string(),
  to: z.string(),
  page: z.string(),
});

export const attendanceResultSchema = z.object({
  id: z.number().int(),
  attendance_id: z.number().int(),
  va_id: z.number().int(),
  status: z.enum(RESULT_STATUSES),
  prompt_id: z.string(),
  prompt_version: z.number().int(),
  /** The model that wrote it, or `built-in` (the figures-only analyst). */
  model: z.string().nullable(),
  markdown: z.string().nullable(),
  claims: z.array(claimSchema),
  signals: z.array(signalSchema),
  dropped_claims: z.number().int(),
  tokens: z.number().int(),
  input_hash: z.string().nullable(),
  created_at: z.string(),
  error: z.string().nullable(),
  /** The VA's note, shown beside the report. */
  note: z.string().nullable(),
  note_at: z.string().nullable(),
});
export type AttendanceResult = z.infer<typeof attendanceResultSchema>;

const id = z.coerce.number().int().positive().max(MAX_ID);

export const resultsQuerySchema = z.object({ attendance_id: id });
export const processAttendanceSchema = z.object({
  attendance_id: z.number().int().positive().max(MAX_ID),
  prompt_id: promptIdSchema.default('attendance_summary'),
});
export const noteSchema = z.object({ note: z.string().trim().min(1, { error: M.note_required }).max(2000) });

export const aiSettingsSchema = z.object({
  enabled: z.boolean(),
  window_titles: z.boolean(),
  /** Tokens a month; null: no limit. Set by the super admin. */
  monthly_token_budget: z.number().int().nullable(),
  tokens_this_month: z.number().int(),
  /** Who answers: the configured model's name, or `built-in`. */
  model: z.string(),
});
export const aiSettingsPatchSchema = z.object({
  enabled: z.boolean().optional(),
  window_titles: z.boolean().optional(),
});
export const aiBudgetSchema = z.object({
  monthly_token_budget: z.number().int().min(0).max(MAX_ID).nullable(),
});

export const periodRequestSchema = withRange(
  z.object({
    start_date: dateField,
    end_date: dateField,
    va_ids: z.array(z.number().int().positive().max(MAX_ID)).max(100).optional(),
    prompt_id: promptIdSchema.optional(),
  }),
);

export const batchSchema = z.object({
  id: z.number().int(),
  start_date: z.string(),
  end_date: z.string(),
  va_ids: z.array(z.number().int()).nullable(),
  prompt_id: z.string(),
  status: z.enum(RESULT_STATUSES),
  nightly: z.boolean(),
  total: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  created_at: z.string(),
});
export const batchDetailSchema = batchSchema.extend({
  vas: z.array(
    z.object({
      va_id: z.number().int(),
      name: z.string(),
      results: z.array(attendanceResultSchema),
    }),
  ),
});

export const reportSchema = z.object({
  id: z.number().int(),
  start_date: z.string(),
  end_date: z.string(),
  va_ids: z.array(z.number().int()),
  prompt_id: z.string(),
  status: z.enum(RESULT_STATUSES),
  model: z.string().nullable(),
  markdown: z.string().nullable(),
  claims: z.array(claimSchema),
  signals: z.array(signalSchema),
  dropped_claims: z.number().int(),
  tokens: z.number().int(),
  input_hash: z.string().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
});
export type AiReport = z.infer<typeof reportSchema>;
