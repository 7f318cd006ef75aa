import { defineModule } from '../../lib/module';
import { directoryRoutes } from './directory.routes';
import { syncAll } from './directory.sync';

/** The queue of the nightly directory sync. */
export const DIRECTORY_SYNC_QUEUE = 'directory.sync';

/** The directory (issue 29): linking users to LDAP entries, the entries' sync; sign-in is auth's. */
export const directoryModule = defineModule({
  name: 'directory',
  register(ctx) {
    directoryRoutes(ctx);
    const { deps } = ctx;
    if (!deps.directory) return;
    deps.jobs.work(DIRECTORY_SYNC_QUEUE, async () => void (await syncAll(deps)), {
      policy: 'singleton',
      expireInSeconds: 1800,
    });
    // Nightly, at 03:17 (the server's time zone), away from the hour's rush.
    deps.jobs.schedule(DIRECTORY_SYNC_QUEUE, '17 3 * * *');
  },
});
