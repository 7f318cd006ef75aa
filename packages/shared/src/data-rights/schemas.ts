import { z } from 'zod';

const int = z.number().int();

/** The files an export holds, one JSON and one CSV each (issue 33). */
export const EXPORT_KINDS = [
  'people',
  'contracts',
  'schedules',
  'attendance',
  'pings',
  'timesheets',
  'requests',
  'projects',
  'tasks',
  'notifications',
  'audit',
  'screenshots',
  'invoice_lines',
] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** Whose data an export holds: the whole organization (admin), a client's own VAs and contracts, a VA themself. */
export const DATA_EXPORT_SCOPES = ['organization', 'client', 'va'] as const;
export const DATA_EXPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

export const dataExportSchema = z.object({
  id: z.string(),
  scope: z.enum(DATA_EXPORT_SCOPES),
  status: z.enum(DATA_EXPORT_STATUSES),
  /** The kinds written so far, of `steps_total` (the kinds, then the files). */
  steps_done: int,
  steps_total: int,
  /** 0–100. */
  progress: int,
  file_name: z.string(),
  /** Signed, short-lived; when done. */
  url: z.string().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;
export const dataExportIdParamSchema = z.object({ id: z.uuid() });

/** Days after a person is deactivated before their personal data is erased by the daily job. */
export const ERASE_AFTER_DAYS = { default: 30, min: 1, max: 3650 } as const;

export const dataRightsSettingsSchema = z.object({
  erase_after_days: int.min(ERASE_AFTER_DAYS.min).max(ERASE_AFTER_DAYS.max),
});
export type DataRightsSettings = z.infer<typeof dataRightsSettingsSchema>;

export const eraseUserSchema = z.object({
  /** The person's full name as shown ("First Last"), typed to confirm. */
  confirm_name: z.string().trim().min(1).max(200),
});
export type EraseUserInput = z.infer<typeof eraseUserSchema>;

export const erasedUserSchema = z.object({
  id: int,
  /** The stable alias that replaces the name everywhere ("Erased person 7f3a2c"). */
  alias: z.string(),
  erased_at: z.string(),
  screenshots_removed: int,
  attachments_removed: int,
  sessions_ended: int,
});
export type ErasedUser = z.infer<typeof erasedUserSchema>;
