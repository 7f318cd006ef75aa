import { calendarEndpoints as api } from '@vahub/shared/calendar/endpoints';
import type { ModuleContext } from '../../lib/module';
import { feedNotFound, feedOfFile, listFeeds, resetFeed } from './calendar.feeds';
import { buildFeed } from './calendar.ics';

/** Calendar feeds: one's links (from a session), their reset, and the feeds behind the links (no session). */
export function calendarRoutes({ route, deps }: ModuleContext) {
  route(api.feeds, async (_, { viewer }) => {
    return { data: await listFeeds(deps, viewer) };
  });
  route(api.reset, async ({ params }, { viewer }) => {
    return resetFeed(deps, viewer, params.kind);
  });
  route(api.ics, async ({ params }, { reply }) => {
    const feed = await feedOfFile(deps, params.file);
    if (!feed) throw feedNotFound();
    const text = await buildFeed(deps, feed);
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', `inline; filename="${feed.kind}.ics"`)
      .header('cache-control', 'private, max-age=300')
      .send(text);
  });
}
