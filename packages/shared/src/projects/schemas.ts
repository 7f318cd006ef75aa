import { z } from 'zod';
import { msg } from '../api/messages';
import { paginationMetaSchema, paginationQuerySchema } from '../api/problem';
import { dateField, idField, queryId } from '../attendance/schemas';
import { personSummarySchema } from '../contracts/schemas';
import { PROJECT_MESSAGES as M } from './messages';

/**
 * Projects, boards, tasks and comments (DOMAIN.md "Projects and tasks"; issue 15). A project belongs to a
 * client; its board has ordered columns; a task sits in a column at a `position` (a fractional-index key:
 * moving one task never renumbers the others, and two concurrent moves to one place both land, ordered by id).
 * Descriptions and comments are markdown, shown with HTML disabled (the spec's settings). Tracked time per task
 * is summed from the pings that named it (`task_id`), with the attendance time model.
 */
export const PROJECTS = {
  maxNameLength: 120,
  maxDescriptionLength: 20_000,
  maxTitleLength: 200,
  maxCommentLength: 10_000,
  maxColumns: 12,
  maxEstimateMinutes: 100_000,
  defaultColumns: ['To do', 'In progress', 'Review', 'Done'],
  defaultColor: '#7950f2',
} as const;

export const PROJECT_STATUSES = ['active', 'archived'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export const TASK_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
/** Board filter on due dates (the viewer's today). */
export const DUE_FILTERS = ['overdue', 'today', 'week', 'none'] as const;

/**
 * A mention in markdown: `@[Ana Cruz](#user-12)`. The web inserts it from a picker; the server notifies the
 * users it names who may see the task.
 */
export const MENTION_PATTERN = /@\[[^\]\n]{1,100}\]\(#user-(\d{1,10})\)/g;
export const mentionedUserIds = (markdown: string): number[] => [
  ...new Set([...markdown.matchAll(MENTION_PATTERN)].map((m) => Number(m[1]))),
];

const int = z.number().int();
const nameField = z
  .string({ error: M.name_required })
  .trim()
  .min(1, { error: M.name_required })
  .max(PROJECTS.maxNameLength, { error: msg(M.name_too_long, { max: PROJECTS.maxNameLength }) });
const descriptionField = z.string().max(PROJECTS.maxDescriptionLength, {
  error: msg(M.description_too_long, { max: PROJECTS.maxDescriptionLength }),
});
const colorField = z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: M.color });
const optionalId = (message: string) => idField(message).nullable().optional();

export const projectSchema = z.object({
  id: int,
  client_id: int,
  name: z.string(),
  description: z.string(),
  status: z.enum(PROJECT_STATUSES),
  color: z.string(),
  created_by: int.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  client: personSummarySchema,
  task_count: int,
  open_task_count: int,
  tracked_seconds: int,
});
export type Project = z.infer<typeof projectSchema>;
export const projectPageSchema = z.object({ data: z.array(projectSchema), meta: paginationMetaSchema });

export const projectQuerySchema = paginationQuerySchema.extend({
  status: z.enum(PROJECT_STATUSES, { error: M.choose_project_status }).optional(),
  client_id: queryId,
  search: z.string().trim().max(100).optional(),
});
export type ProjectQuery = z.infer<typeof projectQuerySchema>;

/** Create: a client creates for themself; an admin or a manager names the client. */
export const createProjectSchema = z.object({
  client_id: idField(M.choose_client).optional(),
  name: nameField,
  description: descriptionField.optional(),
  color: colorField.optional(),
  status: z.enum(PROJECT_STATUSES, { error: M.choose_project_status }).optional(),
});
export type CreateProject = z.infer<typeof createProjectSchema>;
export const updateProjectSchema = createProjectSchema.omit({ client_id: true }).partial();
export type UpdateProject = z.infer<typeof updateProjectSchema>;

export const taskSchema = z.object({
  id: int,
  project_id: int,
  column_id: int,
  title: z.string(),
  description: z.string(),
  assignee_id: int.nullable(),
  assignee: personSummarySchema.nullable(),
  due_date: z.string().nullable(),
  priority: z.enum(TASK_PRIORITIES),
  position: z.string(),
  estimate_minutes: int.nullable(),
  completed_at: z.string().nullable(),
  created_by: int.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  tracked_seconds: int,
  comment_count: int,
});
export type Task = z.infer<typeof taskSchema>;

export const columnSchema = z.object({
  id: int,
  project_id: int,
  name: z.string(),
  position: z.string(),
});
export type BoardColumn = z.infer<typeof columnSchema>;

/** `GET task-boards/client-project/{id}`: the project, its columns in order, each with its tasks in order. */
export const boardSchema = z.object({
  project: projectSchema,
  columns: z.array(columnSchema.extend({ tasks: z.array(taskSchema) })),
  /** Whether the viewer may add, rename, reorder and remove columns (the client and admins). */
  can_edit_columns: z.boolean(),
  /** The VAs a task of this project may be assigned to (active contracts with its client). */
  assignees: z.array(personSummarySchema),
});
export type Board = z.infer<typeof boardSchema>;

export const boardQuerySchema = z.object({
  assignee_id: queryId,
  priority: z.enum(TASK_PRIORITIES, { error: M.choose_priority }).optional(),
  due: z.enum(DUE_FILTERS).optional(),
});
export type BoardQuery = z.infer<typeof boardQuerySchema>;

export const createColumnSchema = z.object({
  name: z
    .string({ error: M.column_name_required })
    .trim()
    .min(1, { error: M.column_name_required })
    .max(60, { error: msg(M.name_too_long, { max: 60 }) }),
});
/** Rename and/or move a column: placed before `before_id` or after `after_id` (neighbour columns). */
export const updateColumnSchema = createColumnSchema.partial().extend({
  before_id: optionalId(M.column_not_found),
  after_id: optionalId(M.column_not_found),
});
export type UpdateColumn = z.infer<typeof updateColumnSchema>;
export const deleteColumnQuerySchema = z.object({ move_to: queryId });

const titleField = z
  .string({ error: M.title_required })
  .trim()
  .min(1, { error: M.title_required })
  .max(PROJECTS.maxTitleLength, { error: msg(M.title_too_long, { max: PROJECTS.maxTitleLength }) });
const estimateField = z
  .number({ error: msg(M.estimate, { max: PROJECTS.maxEstimateMinutes }) })
  .int({ error: msg(M.estimate, { max: PROJECTS.maxEstimateMinutes }) })
  .min(1, { error: msg(M.estimate, { max: PROJECTS.maxEstimateMinutes }) })
  .max(PROJECTS.maxEstimateMinutes, { error: msg(M.estimate, { max: PROJECTS.maxEstimateMinutes }) });

export const createTaskSchema = z.object({
  project_id: idField(M.project_not_found),
  /** Defaults to the board's first column, at its end. */
  column_id: idField(M.column_not_found).optional(),
  title: titleField,
  description: descriptionField.optional(),
  assignee_id: optionalId(M.assignee_not_va),
  due_date: dateField.nullable().optional(),
  priority: z.enum(TASK_PRIORITIES, { error: M.choose_priority }).optional(),
  estimate_minutes: estimateField.nullable().optional(),
});
export type CreateTask = z.infer<typeof createTaskSchema>;
export const updateTaskSchema = createTaskSchema.omit({ project_id: true, column_id: true }).partial();
export type UpdateTask = z.infer<typeof updateTaskSchema>;

/**
 * `POST tasks/{id}/move`: into `column_id`, right after the task `after_id` (null or absent: at the top) or
 * right before `before_id`. The server computes the key between the neighbours it reads, so two people moving
 * at once never corrupt the order.
 */
export const moveTaskSchema = z.object({
  column_id: idField(M.column_not_found),
  after_id: optionalId(M.neighbour_elsewhere),
  before_id: optionalId(M.neighbour_elsewhere),
});
export type MoveTask = z.infer<typeof moveTaskSchema>;

export const taskQuerySchema = paginationQuerySchema.extend({
  project_id: queryId,
  assignee_id: queryId,
  priority: z.enum(TASK_PRIORITIES, { error: M.choose_priority }).optional(),
  open: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type TaskQuery = z.infer<typeof taskQuerySchema>;
export const taskListItemSchema = taskSchema.extend({
  project: z.object({ id: int, name: z.string(), color: z.string() }),
  column: z.object({ id: int, name: z.string() }),
});
export const taskPageSchema = z.object({ data: z.array(taskListItemSchema), meta: paginationMetaSchema });
export type TaskListItem = z.infer<typeof taskListItemSchema>;

export const commentSchema = z.object({
  id: int,
  task_id: int,
  author_id: int.nullable(),
  author: personSummarySchema.nullable(),
  body: z.string(),
  edited: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Whether the viewer may edit or delete it (the author; an admin may delete any). */
  can_edit: z.boolean(),
  can_delete: z.boolean(),
});
export type TaskComment = z.infer<typeof commentSchema>;
export const commentPageSchema = z.object({ data: z.array(commentSchema), meta: paginationMetaSchema });
export const commentBodySchema = z.object({
  body: z
    .string({ error: M.comment_required })
    .trim()
    .min(1, { error: M.comment_required })
    .max(PROJECTS.maxCommentLength, { error: msg(M.comment_too_long, { max: PROJECTS.maxCommentLength }) }),
});
export type CommentBody = z.infer<typeof commentBodySchema>;

/** The organization's work categories not tied to a project (meetings, training, admin work). */
export const generalTaskSchema = z.object({
  id: int,
  name: z.string(),
  description: z.string(),
  active: z.boolean(),
  created_at: z.string(),
});
export type GeneralTask = z.infer<typeof generalTaskSchema>;
export const generalTaskListSchema = z.object({ data: z.array(generalTaskSchema) });
export const createGeneralTaskSchema = z.object({
  name: z
    .string({ error: M.general_task_name })
    .trim()
    .min(1, { error: M.general_task_name })
    .max(PROJECTS.maxNameLength, { error: msg(M.name_too_long, { max: PROJECTS.maxNameLength }) }),
  description: z.string().max(1000).optional(),
  active: z.boolean().optional(),
});
export const updateGeneralTaskSchema = createGeneralTaskSchema.partial();

/** `va-access/client-tasks/contract/{id}`: the open tasks a VA may track time on under that contract. */
export const pickableTaskSchema = z.object({
  id: int,
  title: z.string(),
  project: z.object({ id: int, name: z.string(), color: z.string() }),
  column: z.object({ id: int, name: z.string() }),
  priority: z.enum(TASK_PRIORITIES),
  due_date: z.string().nullable(),
  assigned_to_me: z.boolean(),
  tracked_seconds: int,
});
export type PickableTask = z.infer<typeof pickableTaskSchema>;
export const pickableTaskListSchema = z.object({ data: z.array(pickableTaskSchema) });

/** Tracked time per project over a period (the projects report). */
export const projectTimeQuerySchema = z.object({
  start_date: dateField.optional(),
  end_date: dateField.optional(),
  client_id: queryId,
});
export const projectTimeReportSchema = z.object({
  data: z.array(
    z.object({
      project: z.object({ id: int, name: z.string(), color: z.string(), client_id: int }),
      /** The project's client (so a page names every client, whatever list of clients it holds). */
      client: personSummarySchema,
      tracked_seconds: int,
      tasks_done: int,
      tasks_open: int,
      by_task: z.array(z.object({ task_id: int, title: z.string(), tracked_seconds: int })),
    }),
  ),
  meta: z.object({ start_date: z.string(), end_date: z.string(), total_seconds: int }),
});
export type ProjectTimeReport = z.infer<typeof projectTimeReportSchema>;
