import { defineModule } from '../../lib/module';
import { mailRoutes } from './mail.routes';

/** Mail: the outbox and its reader. The mailer itself is a platform service in `Deps` (`mailer.ts`). */
export const mailModule = defineModule({
  name: 'mail',
  register(ctx) {
    mailRoutes(ctx);
  },
});
