import { defineModule } from '../../lib/module';
import { registerProjectRoutes } from './projects.routes';

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
