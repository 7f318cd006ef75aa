import { defineModule } from '../../lib/module';
import { taskChoicePort } from '../attendance/public';
import { registerProjectRoutes } from './projects.routes';
import { trackableCheck } from './projects.task-choice';

// Whether a shift may name a task (the current task, the pings' tasks): attendance, a layer below, declares it
// as a port (attendance.ports.ts) and this module, which knows the tasks, implements it here when this file
// loads, so attendance imports nothing of projects.
taskChoicePort.register({ checkTasks: trackableCheck });

/**
 * Projects and tasks (DOMAIN.md "Projects and tasks"; issue 15): projects with kanban boards, tasks in a
 * stable order under concurrent moves, markdown comments with mentions, general tasks, time per task from the
 * trackers' pings, and live board updates.
 */
export const projectsModule = defineModule({
  name: 'projects',
  register(ctx) {
    registerProjectRoutes(ctx);
  },
});
