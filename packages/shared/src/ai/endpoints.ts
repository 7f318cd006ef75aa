import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { idParamSchema, messageSchema } from '../api/problem';
import {
  aiBudgetSchema,
  aiSettingsPatchSchema,
  aiSettingsSchema,
  attendanceResultSchema,
  batchDetailSchema,
  batchSchema,
  noteSchema,
  periodRequestSchema,
  processAttendanceSchema,
  promptCreateSchema,
  promptSchema,
  promptUpdateSchema,
  reportSchema,
  resultsQuerySchema,
} from './schemas';

const SUPER = '/api/v1/super-admin-access';
const ADMIN = '/api/v1/admin-access';
const MANAGER = '/api/v1/manager-access';
const CLIENT = '/api/v1/client-access';
const VA = '/api/v1/va-access';

const ai = { resource: 'ai', tags: ['ai'] } as const;
const byId = { params: idParamSchema, errors: [404] } as const;
const listOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });

type ReadAccess = 'ai.manage' | 'ai.read_scoped' | 'ai.own_vas' | 'ai.own';

const results = (base: string, access: ReadAccess) =>
  endpoint({
    ...ai,
    method: 'GET',
    path: `${base}/lm/attendance-results`,
    access,
    summary:
      "An attendance's AI results, newest first, with the VA's note (404 for an attendance out of scope)",
    query: resultsQuerySchema,
    response: listOf(attendanceResultSchema),
    errors: [404],
  });

const prompts = (base: string, access: 'ai.manage' | 'ai.own_vas') =>
  endpoint({
    ...ai,
    method: 'GET',
    path: `${base}/lm/prompts`,
    access,
    summary: "The built-in prompts and the organization's own",
    response: listOf(promptSchema),
  });

/** Summary batches and analytics reports: an admin's over the VAs in scope, a client's over their own VAs. */
const periodic = (base: string, access: 'ai.manage' | 'ai.own_vas') => ({
  batches: endpoint({
    ...ai,
    method: 'GET',
    path: `${base}/attendance-summary-batches`,
    access,
    summary: 'Attendance summary batches, newest first, with their progress',
    response: listOf(batchSchema),
  }),
  createBatch: endpoint({
    ...ai,
    method: 'POST',
    path: `${base}/attendance-summary-batches`,
    access,
    summary:
      'Summarises every attendance of a period for the VAs in scope (or those named); answers the queued batch',
    body: periodRequestSchema,
    response: batchSchema,
    status: 202,
    errors: [404, 409, 422],
  }),
  batch: endpoint({
    ...ai,
    ...byId,
    method: 'GET',
    path: `${base}/attendance-summary-batches/:id`,
    access,
    summary: "A batch's progress and each VA's summaries",
    response: batchDetailSchema,
  }),
  generateReport: endpoint({
    ...ai,
    method: 'POST',
    path: `${base}/ai-analytics/generate-report`,
    access,
    summary:
      'A report over a period for the VAs in scope (or those named; another VA answers 404), written by a job and streamed to the requester over the socket (`ai.report`)',
    body: periodRequestSchema,
    response: reportSchema,
    status: 202,
    errors: [404, 409, 422],
  }),
  reports: endpoint({
    ...ai,
    method: 'GET',
    path: `${base}/ai-analytics/reports`,
    access,
    summary: 'The analytics reports this user asked for, newest first',
    response: listOf(reportSchema),
  }),
  report: endpoint({
    ...ai,
    ...byId,
    method: 'GET',
    path: `${base}/ai-analytics/reports/:id`,
    access,
    summary: 'One analytics report',
    response: reportSchema,
  }),
});

export const adminAi = {
  prompts: prompts(ADMIN, 'ai.manage'),
  createPrompt: endpoint({
    ...ai,
    method: 'POST',
    path: `${ADMIN}/lm/prompts`,
    access: 'ai.manage',
    summary: 'Adds a prompt of the organization (version 1)',
    body: promptCreateSchema,
    response: promptSchema,
    status: 201,
    errors: [422],
  }),
  updatePrompt: endpoint({
    ...ai,
    ...byId,
    method: 'PATCH',
    path: `${ADMIN}/lm/prompts/:id`,
    access: 'ai.manage',
    summary: "Changes one of the organization's prompts; a new template is a new version",
    body: promptUpdateSchema,
    response: promptSchema,
    errors: [404, 422],
  }),
  deletePrompt: endpoint({
    ...ai,
    ...byId,
    method: 'DELETE',
    path: `${ADMIN}/lm/prompts/:id`,
    access: 'ai.manage',
    summary: "Deletes one of the organization's prompts (its results keep the version they used)",
    response: messageSchema,
  }),
  processAttendance: endpoint({
    ...ai,
    method: 'POST',
    path: `${ADMIN}/lm/process-attendance`,
    access: 'ai.manage',
    summary: 'Queues an analysis of one attendance with a prompt; answers the result in state `queued`',
    body: processAttendanceSchema,
    response: attendanceResultSchema,
    status: 202,
    errors: [404, 409, 422],
  }),
  results: results(ADMIN, 'ai.manage'),
  settings: endpoint({
    ...ai,
    method: 'GET',
    path: `${ADMIN}/ai/settings`,
    access: 'ai.manage',
    summary: "The organization's AI settings, this month's tokens and budget, and which model answers",
    response: aiSettingsSchema,
  }),
  updateSettings: endpoint({
    ...ai,
    method: 'PATCH',
    path: `${ADMIN}/ai/settings`,
    access: 'ai.manage',
    summary: 'Turns AI on or off; lets window titles reach the reports',
    body: aiSettingsPatchSchema,
    response: aiSettingsSchema,
  }),
  ...periodic(ADMIN, 'ai.manage'),
};

export const managerAi = { results: results(MANAGER, 'ai.read_scoped') };

export const clientAi = {
  prompts: prompts(CLIENT, 'ai.own_vas'),
  results: results(CLIENT, 'ai.own_vas'),
  ...periodic(CLIENT, 'ai.own_vas'),
};

export const vaAi = {
  results: results(VA, 'ai.own'),
  addNote: endpoint({
    ...ai,
    ...byId,
    method: 'PATCH',
    path: `${VA}/lm/attendance-results/:id/note`,
    access: 'ai.own',
    summary: 'Adds (or replaces) my note on a result about me, shown beside it to admins and clients',
    body: noteSchema,
    response: attendanceResultSchema,
    errors: [404, 422],
  }),
};

export const superAdminAi = {
  setBudget: endpoint({
    ...ai,
    ...byId,
    method: 'PATCH',
    path: `${SUPER}/organizations/:id/ai-budget`,
    access: 'ai.budget',
    summary:
      "Sets an organization's monthly token budget (null: no limit); past it the built-in analyst writes",
    body: aiBudgetSchema,
    response: aiSettingsSchema,
  }),
};
