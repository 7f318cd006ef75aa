import { defineModule } from '../../lib/module';
import { systemRoutes } from './system.routes';

/** The installation: health, realm, roles, tracker download links. */
export const systemModule = defineModule({
  name: 'system',
  register(ctx) {
    systemRoutes(ctx);
  },
});
