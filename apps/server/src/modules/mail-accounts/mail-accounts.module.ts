import { defineModule } from '../../lib/module';
import { mailAccountRoutes } from './mail-accounts.routes';

/** Mail accounts (issue 29): a user's mailbox on the grommunio server, removed when they leave. */
export const mailAccountsModule = defineModule({
  name: 'mail-accounts',
  register(ctx) {
    mailAccountRoutes(ctx);
  },
});
