import {
  adminScreenshots as admin,
  clientScreenshots as client,
  managerScreenshots as manager,
  vaScreenshots as va,
} from '@vahub/shared/screenshots/endpoints';
import type { ModuleContext } from '../../lib/module';
import { adminDeleteScreenshot, noScreenshotId, vaDeleteScreenshot } from './screenshots.delete';
import {
  countOwnScreenshots,
  countScreenshots,
  latestScreenshots,
  listOwnScreenshots,
  listScreenshots,
  screenshotDetail,
} from './screenshots.reads';
import { declineRequest, takeScreenshot } from './screenshots.requests';
import { readUploadParts, uploadScreenshot } from './screenshots.upload';

/** Every role's screenshot calls; the viewer's scope is what tells the supervisors' apart. */
export function registerScreenshotRoutes({ route, deps }: ModuleContext) {
  for (const api of [admin, manager, client]) {
    route(api.list, ({ query }, { viewer }) => listScreenshots(deps, viewer, query));
    route(api.latest, ({ query }, { viewer }) => latestScreenshots(deps, viewer, query));
    route(api.detail, ({ params }, { viewer }) => screenshotDetail(deps, viewer, params.id));
    route(api.count, ({ query }, { viewer }) => countScreenshots(deps, viewer, query));
    route(api.take, ({ body }, { viewer }) => takeScreenshot(deps, viewer, body.user_id));
  }
  route(admin.remove, ({ params }, { viewer }) => adminDeleteScreenshot(deps, viewer, params.id));
  route(admin.removeWithoutId, async () => {
    throw noScreenshotId();
  });

  route(va.upload, async (_input, { request, viewer }) =>
    uploadScreenshot(deps, viewer, await readUploadParts(request)),
  );
  route(va.list, ({ query }, { viewer }) => listOwnScreenshots(deps, viewer, query));
  route(va.count, ({ query }, { viewer }) => countOwnScreenshots(deps, viewer, query));
  route(va.remove, ({ params }, { viewer }) => vaDeleteScreenshot(deps, viewer, params.id));
  route(va.decline, ({ params, body }, { viewer }) => declineRequest(deps, viewer, params.id, body));
}
