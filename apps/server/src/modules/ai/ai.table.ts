import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { rowNow } from '../../lib/clock';
import { attendances } from '../attendance/attendance.table';
import { organizations } from '../organizations/organizations.table';
import { users } from '../people/users.table';

/** What a stored claim looks like: its text and the evidence it cites (each with the page that shows it). */
export type StoredClaim = {
  text: string;
  evidence: Array<{ id: string; label: string; value: string; page: string }>;
};
export type StoredSignal = {
  id: string;
  rule: string;
  verdict: 'needs_review';
  confidence: 'low' | 'medium' | 'high';
  threshold: string;
  observed: string;
  from: string;
  to: string;
  page: string;
};

const RESULT_STATUS = ['queued', 'running', 'done', 'failed'] as const;

/** An organization's AI switch, window-title permission and monthly token budget (the super admin's). */
export const aiSettings = pgTable('ai_settings', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(true),
  windowTitles: boolean('window_titles').notNull().default(false),
  /** Tokens a month; null: no limit. */
  monthlyTokenBudget: integer('monthly_token_budget'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
});

/** Tokens the model used per organization and calendar month (UTC, `2026-03`). */
export const aiUsage = pgTable(
  'ai_usage',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    tokens: integer('tokens').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.month] })],
);

/** An organization's own prompt: its current version's template (earlier versions in `ai_prompt_versions`). */
export const aiPrompts = pgTable(
  'ai_prompts',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    template: text('template').notNull(),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('ai_prompts_org_idx').on(t.organizationId)],
);

/** Every version of an organization's prompt, so a result's `prompt_version` can be read back. */
export const aiPromptVersions = pgTable(
  'ai_prompt_versions',
  {
    promptId: integer('prompt_id')
      .notNull()
      .references(() => aiPrompts.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    template: text('template').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
  },
  (t) => [primaryKey({ columns: [t.promptId, t.version] })],
);

/** A summary batch: every attendance of a period for the VAs in the requester's scope. */
export const aiBatches = pgTable(
  'ai_batches',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Null for the nightly batch (the organization's, as an admin sees it). */
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** The requester's role when asked: a client's batch covers their own VAs only. */
    requesterRole: text('requester_role', { enum: ['admin', 'client'] }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    vaIds: jsonb('va_ids').$type<number[] | null>(),
    promptId: text('prompt_id').notNull(),
    nightly: boolean('nightly').notNull().default(false),
    total: integer('total').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
  },
  (t) => [index('ai_batches_org_created_idx').on(t.organizationId, t.createdAt)],
);

/** One analysis of one attendance: queued, running, then done or failed. */
export const aiResults = pgTable(
  'ai_results',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    attendanceId: integer('attendance_id')
      .notNull()
      .references(() => attendances.id, { onDelete: 'cascade' }),
    vaId: integer('va_id').notNull(),
    clientId: integer('client_id').notNull(),
    batchId: integer('batch_id').references(() => aiBatches.id, { onDelete: 'cascade' }),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: RESULT_STATUS }).notNull().default('queued'),
    promptId: text('prompt_id').notNull(),
    promptVersion: integer('prompt_version').notNull(),
    model: text('model'),
    markdown: text('markdown'),
    claims: jsonb('claims').$type<StoredClaim[]>().notNull().default([]),
    signals: jsonb('signals').$type<StoredSignal[]>().notNull().default([]),
    droppedClaims: integer('dropped_claims').notNull().default(0),
    tokens: integer('tokens').notNull().default(0),
    inputHash: text('input_hash'),
    error: text('error'),
    note: text('note'),
    noteAt: timestamp('note_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
  },
  (t) => [
    index('ai_results_attendance_idx').on(t.attendanceId, t.createdAt),
    index('ai_results_batch_idx').on(t.batchId).where(sql`batch_id is not null`),
  ],
);

/** An analytics report over a period, kept for the user who asked for it. */
export const aiReports = pgTable(
  'ai_reports',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    vaIds: jsonb('va_ids').$type<number[]>().notNull(),
    promptId: text('prompt_id').notNull(),
    promptVersion: integer('prompt_version').notNull(),
    status: text('status', { enum: RESULT_STATUS }).notNull().default('queued'),
    model: text('model'),
    markdown: text('markdown'),
    claims: jsonb('claims').$type<StoredClaim[]>().notNull().default([]),
    signals: jsonb('signals').$type<StoredSignal[]>().notNull().default([]),
    droppedClaims: integer('dropped_claims').notNull().default(0),
    tokens: integer('tokens').notNull().default(0),
    inputHash: text('input_hash'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
  },
  (t) => [index('ai_reports_requester_idx').on(t.organizationId, t.requestedBy, t.createdAt)],
);
