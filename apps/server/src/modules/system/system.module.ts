import { defineModule } from '../../lib/module';
import { registerScheduledBackups } from './backups';
import { systemRoutes } from './system.routes';

/** The installation: health, realm, roles, tracker download links, scheduled backups. */
export const systemModule = defineModule({
  name: 'system',
  register(ctx) {
    systemRoutes(ctx);
    registerScheduledBackups(ctx.deps);
  },
});
