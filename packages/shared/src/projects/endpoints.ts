import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { idParamSchema, messageSchema } from '../api/problem';
import {
  boardQuerySchema,
  boardSchema,
  columnSchema,
  commentBodySchema,
  commentPageSchema,
  commentSchema,
  createColumnSchema,
  createGeneralTaskSchema,
  createProjectSchema,
  createTaskSchema,
  deleteColumnQuerySchema,
  generalTaskListSchema,
  generalTaskSchema,
  moveTaskSchema,
  pickableTaskListSchema,
  projectPageSchema,
  projectQuerySchema,
  projectSchema,
  projectTimeQuerySchema,
  projectTimeReportSchema,
  taskPageSchema,
  taskQuerySchema,
  taskSchema,
  updateColumnSchema,
  updateGeneralTaskSchema,
  updateProjectSchema,
  updateTaskSchema,
} from './schemas';

const ADMIN = '/api/v1/admin-access';
const MANAGER = '/api/v1/manager-access';
const CLIENT = '/api/v1/client-access';
const VA = '/api/v1/va-access';

const projects = { resource: 'projects', tags: ['projects'] } as const;
const byId = { params: idParamSchema, errors: [404] } as const;
const changing = { errors: [404, 422] } as const;

type ReadAccess = 'projects.read_all' | 'projects.read_scoped' | 'projects.own' | 'projects.va';

/** Tasks and comments: every role within its scope (a VA: projects of clients they hold an active contract with). */
const taskEndpoints = (base: string, access: ReadAccess) => ({
  board: endpoint({
    ...projects,
    ...byId,
    method: 'GET',
    path: `${base}/task-boards/client-project/:id`,
    access,
    summary:
      "A project's board: columns in order with their tasks in order (filters: assignee_id, priority, due)",
    query: boardQuerySchema,
    response: boardSchema,
  }),
  tasks: endpoint({
    ...projects,
    method: 'GET',
    path: `${base}/tasks`,
    access,
    summary: 'Tasks across the projects the caller sees (filters: project_id, assignee_id, priority, open)',
    query: taskQuerySchema,
    response: taskPageSchema,
  }),
  task: endpoint({
    ...projects,
    ...byId,
    method: 'GET',
    path: `${base}/tasks/:id`,
    access,
    summary: 'One task with its tracked time',
    response: taskSchema,
  }),
  moveTask: endpoint({
    ...projects,
    ...byId,
    ...changing,
    method: 'POST',
    path: `${base}/tasks/:id/move`,
    access,
    summary: 'Moves a task within or across columns, after `after_id` or before `before_id`',
    body: moveTaskSchema,
    response: taskSchema,
  }),
  comments: endpoint({
    ...projects,
    ...byId,
    method: 'GET',
    path: `${base}/tasks-comments/task/:id`,
    access,
    summary: "A task's comments, oldest first",
    query: z.object({
      page: z.coerce.number().int().min(1).default(1),
      per_page: z.coerce.number().int().min(1).max(100).default(50),
    }),
    response: commentPageSchema,
  }),
  addComment: endpoint({
    ...projects,
    ...byId,
    ...changing,
    method: 'POST',
    path: `${base}/tasks/:id/comments`,
    access,
    summary: 'Comments on a task (markdown; `@[Name](#user-12)` mentions notify)',
    body: commentBodySchema,
    response: commentSchema,
    status: 201,
  }),
  editComment: endpoint({
    ...projects,
    ...byId,
    ...changing,
    method: 'PATCH',
    path: `${base}/tasks-comments/:id`,
    access,
    summary: 'Edits one of my comments',
    body: commentBodySchema,
    response: commentSchema,
  }),
  removeComment: endpoint({
    ...projects,
    ...byId,
    method: 'DELETE',
    path: `${base}/tasks-comments/:id`,
    access,
    summary: 'Deletes one of my comments (an admin: any)',
    response: messageSchema,
  }),
});

/** Projects and task changes: the admin, a manager (their clients) and a client (their own). */
const projectEndpoints = (base: string, access: Exclude<ReadAccess, 'projects.va'>) => ({
  list: endpoint({
    ...projects,
    method: 'GET',
    path: `${base}/projects`,
    access,
    summary: 'Projects, active first then by name (filters: status, client_id, search)',
    query: projectQuerySchema,
    response: projectPageSchema,
  }),
  detail: endpoint({
    ...projects,
    ...byId,
    method: 'GET',
    path: `${base}/projects/:id`,
    access,
    summary: 'One project with its counts and tracked time',
    response: projectSchema,
  }),
  create: endpoint({
    ...projects,
    method: 'POST',
    path: `${base}/projects`,
    access,
    summary: 'Creates a project with the default board (To do, In progress, Review, Done)',
    body: createProjectSchema,
    response: projectSchema,
    status: 201,
    errors: [422],
  }),
  update: endpoint({
    ...projects,
    ...byId,
    ...changing,
    method: 'PATCH',
    path: `${base}/projects/:id`,
    access,
    summary: 'Renames, describes, recolours, archives or restores a project',
    body: updateProjectSchema,
    response: projectSchema,
  }),
  createTask: endpoint({
    ...projects,
    method: 'POST',
    path: `${base}/tasks`,
    access,
    summary: 'Creates a task (in the first column at its end unless a column is given)',
    body: createTaskSchema,
    response: taskSchema,
    status: 201,
    errors: [404, 422],
  }),
  updateTask: endpoint({
    ...projects,
    ...byId,
    ...changing,
    method: 'PATCH',
    path: `${base}/tasks/:id`,
    access,
    summary: 'Changes a task: title, description, assignee, due date, priority, estimate',
    body: updateTaskSchema,
    response: taskSchema,
  }),
  removeTask: endpoint({
    ...projects,
    ...byId,
    method: 'DELETE',
    path: `${base}/tasks/:id`,
    access,
    summary: 'Deletes a task and its comments (its tracked time stays in the attendance)',
    response: messageSchema,
  }),
  projectTime: endpoint({
    ...projects,
    method: 'GET',
    path: `${base}/reports/projects`,
    access,
    summary: 'Tracked time per project and task over a period (default: the last 30 days)',
    query: projectTimeQuerySchema,
    response: projectTimeReportSchema,
  }),
});

/** Columns: the client and admins add, rename, reorder and remove them. */
const columnEndpoints = (base: string, access: 'projects.read_all' | 'projects.own') => ({
  removeProject: endpoint({
    ...projects,
    ...byId,
    method: 'DELETE',
    path: `${base}/projects/:id`,
    access,
    summary: 'Deletes a project with its board, tasks and comments',
    response: messageSchema,
  }),
  addColumn: endpoint({
    ...projects,
    ...byId,
    ...changing,
    method: 'POST',
    path: `${base}/projects/:id/columns`,
    access,
    summary: 'Adds a column at the end of the board',
    body: createColumnSchema,
    response: columnSchema,
    status: 201,
  }),
  updateColumn: endpoint({
    ...projects,
    ...byId,
    ...changing,
    method: 'PATCH',
    path: `${base}/board-columns/:id`,
    access,
    summary: 'Renames a column and/or moves it before `before_id` or after `after_id`',
    body: updateColumnSchema,
    response: columnSchema,
  }),
  removeColumn: endpoint({
    ...projects,
    ...byId,
    ...changing,
    method: 'DELETE',
    path: `${base}/board-columns/:id`,
    access,
    summary: 'Removes a column; its tasks move to `move_to` first (required when it holds tasks)',
    query: deleteColumnQuerySchema,
    response: messageSchema,
  }),
});

export const adminProjects = {
  ...projectEndpoints(ADMIN, 'projects.read_all'),
  ...columnEndpoints(ADMIN, 'projects.read_all'),
  ...taskEndpoints(ADMIN, 'projects.read_all'),
  createGeneralTask: endpoint({
    ...projects,
    method: 'POST',
    path: `${ADMIN}/general-tasks`,
    access: 'general_tasks.manage',
    summary: 'Adds a general task (a work category not tied to a project)',
    body: createGeneralTaskSchema,
    response: generalTaskSchema,
    status: 201,
    errors: [422],
  }),
  updateGeneralTask: endpoint({
    ...projects,
    ...byId,
    ...changing,
    method: 'PATCH',
    path: `${ADMIN}/general-tasks/:id`,
    access: 'general_tasks.manage',
    summary: 'Renames, describes, retires or restores a general task',
    body: updateGeneralTaskSchema,
    response: generalTaskSchema,
  }),
  removeGeneralTask: endpoint({
    ...projects,
    ...byId,
    method: 'DELETE',
    path: `${ADMIN}/general-tasks/:id`,
    access: 'general_tasks.manage',
    summary: 'Deletes a general task never tracked; a tracked one is retired instead (422)',
    response: messageSchema,
    errors: [404, 422],
  }),
};
export const managerProjects = {
  ...projectEndpoints(MANAGER, 'projects.read_scoped'),
  ...taskEndpoints(MANAGER, 'projects.read_scoped'),
};
export const clientProjects = {
  ...projectEndpoints(CLIENT, 'projects.own'),
  ...columnEndpoints(CLIENT, 'projects.own'),
  ...taskEndpoints(CLIENT, 'projects.own'),
};
export const vaProjects = {
  ...taskEndpoints(VA, 'projects.va'),
  list: endpoint({
    ...projects,
    method: 'GET',
    path: `${VA}/projects`,
    access: 'projects.va',
    summary: 'The projects of the clients I hold an active contract with',
    query: projectQuerySchema,
    response: projectPageSchema,
  }),
  pickable: endpoint({
    ...projects,
    tracker: true,
    ...byId,
    method: 'GET',
    path: `${VA}/client-tasks/contract/:id`,
    access: 'projects.va',
    summary:
      "The open tasks I may track time on under one of my contracts (the client's active projects), mine first",
    response: pickableTaskListSchema,
  }),
};

export const generalTasks = {
  list: endpoint({
    ...projects,
    method: 'GET',
    path: '/api/v1/general-tasks',
    tracker: true,
    access: 'signed_in',
    summary: "The organization's general tasks (active ones; admins also see retired ones)",
    response: generalTaskListSchema,
  }),
};
