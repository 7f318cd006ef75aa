import {
  adminProjects as admin,
  clientProjects as client,
  generalTasks,
  managerProjects as manager,
  vaProjects as va,
} from '@vahub/shared/projects/endpoints';
import type { ModuleContext } from '../../lib/module';
import { boardOf } from './projects.board';
import { addColumn, deleteColumn, updateColumn } from './projects.columns';
import { addComment, deleteComment, editComment, listComments } from './projects.comments';
import {
  createGeneralTask,
  deleteGeneralTask,
  listGeneralTasks,
  updateGeneralTask,
} from './projects.general-tasks';
import { moveTask } from './projects.moves';
import { pickableTasks } from './projects.pickable';
import { projectTimeReport } from './projects.report';
import { createProject, deleteProject, listProjects, projectOut, updateProject } from './projects.service';
import { listTasks } from './projects.task-list';
import { createTask, deleteTask, taskDetail, updateTask } from './projects.tasks';

/**
 * Every role's project calls. One handler per call: the viewer's role and scope (projects.scope.ts) tell the
 * areas apart; which area may call what is the endpoint contract's (a VA has no task create, a manager no
 * column edit: those paths answer 403 to them).
 */
export function registerProjectRoutes({ route, deps }: ModuleContext) {
  for (const api of [admin, manager, client, va]) {
    route(api.board, ({ params, query }, { viewer }) => boardOf(deps, viewer, params.id, query));
    route(api.tasks, ({ query }, { viewer }) => listTasks(deps, viewer, query));
    route(api.task, ({ params }, { viewer }) => taskDetail(deps, viewer, params.id));
    route(api.moveTask, ({ params, body }, { viewer }) => moveTask(deps, viewer, params.id, body));
    route(api.comments, ({ params, query }, { viewer }) => listComments(deps, viewer, params.id, query));
    route(api.addComment, ({ params, body }, { viewer }) => addComment(deps, viewer, params.id, body.body));
    route(api.editComment, ({ params, body }, { viewer }) => editComment(deps, viewer, params.id, body.body));
    route(api.removeComment, ({ params }, { viewer }) => deleteComment(deps, viewer, params.id));
    route(api.list, ({ query }, { viewer }) => listProjects(deps, viewer, query));
  }
  for (const api of [admin, manager, client]) {
    route(api.detail, ({ params }, { viewer }) => projectOut(deps.db, viewer, params.id));
    route(api.create, ({ body }, { viewer }) => createProject(deps, viewer, body));
    route(api.update, ({ params, body }, { viewer }) => updateProject(deps, viewer, params.id, body));
    route(api.createTask, ({ body }, { viewer }) => createTask(deps, viewer, body));
    route(api.updateTask, ({ params, body }, { viewer }) => updateTask(deps, viewer, params.id, body));
    route(api.removeTask, ({ params }, { viewer }) => deleteTask(deps, viewer, params.id));
    route(api.projectTime, ({ query }, { viewer }) => projectTimeReport(deps, viewer, query));
  }
  for (const api of [admin, client]) {
    route(api.removeProject, ({ params }, { viewer }) => deleteProject(deps, viewer, params.id));
    route(api.addColumn, ({ params, body }, { viewer }) => addColumn(deps, viewer, params.id, body.name));
    route(api.updateColumn, ({ params, body }, { viewer }) => updateColumn(deps, viewer, params.id, body));
    route(api.removeColumn, ({ params, query }, { viewer }) =>
      deleteColumn(deps, viewer, params.id, query.move_to),
    );
  }
  route(va.pickable, ({ params }, { viewer }) => pickableTasks(deps, viewer, params.id));

  route(generalTasks.list, (_input, { viewer }) => listGeneralTasks(deps, viewer));
  route(admin.createGeneralTask, ({ body }, { viewer }) => createGeneralTask(deps, viewer, body));
  route(admin.updateGeneralTask, ({ params, body }, { viewer }) =>
    updateGeneralTask(deps, viewer, params.id, body),
  );
  route(admin.removeGeneralTask, ({ params }, { viewer }) => deleteGeneralTask(deps, viewer, params.id));
}
