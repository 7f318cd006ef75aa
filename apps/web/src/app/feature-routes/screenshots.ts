import { defineFeature, lazyLoader, type NavEntry, type PageDef } from '../manifest';

const gallery = () => import('../routes/screenshots/gallery-pages');
const viewer = () => import('../routes/screenshots/viewer-page');
const loaders = () => import('../routes/screenshots/loaders');
const loader = (name: keyof Awaited<ReturnType<typeof loaders>>) => lazyLoader(loaders, name);

/** `screenshots` (a gallery of every VA in the viewer's scope) and `screenshots/:id` (the viewer). */
const supervisorPages = (nav: NavEntry, base = 'screenshots'): PageDef[] => [
  {
    path: base,
    load: gallery,
    component: 'ScreenshotsPage',
    loader: loader('galleryLoader'),
    nav,
  },
  {
    path: `${base}/:id`,
    load: viewer,
    component: 'ScreenshotViewerPage',
    loader: loader('viewerLoader'),
  },
];

const inVaGroup = (order: number): NavEntry => ({
  labelKey: 'nav.vaScreenshots',
  order,
  group: 'virtual-assistants',
});
const topLevel = (order: number): NavEntry => ({ labelKey: 'nav.screenshots', order, icon: 'screenshots' });

/**
 * Screenshots: galleries grouped by hour with each 10-minute block's activity, a viewer (keyboard, zoom,
 * previous/next, several screens side by side), the client's live wall of VAs working now with "take
 * screenshot", and the VA's own captures by day.
 */
export const screenshotsFeature = defineFeature({
  name: 'screenshots',
  ns: 'screenshots',
  pages: {
    admin: [
      ...supervisorPages(topLevel(13)),
      ...supervisorPages(inVaGroup(7), 'virtual-assistants/screenshots'),
    ],
    manager: [
      ...supervisorPages(topLevel(13)),
      ...supervisorPages(inVaGroup(7), 'virtual-assistants/screenshots'),
    ],
    client: [
      ...supervisorPages(topLevel(13)),
      {
        path: 'screenshots/online',
        load: () => import('../routes/screenshots/live-wall-page'),
        component: 'LiveWallPage',
        loader: loader('liveWallLoader'),
        nav: { labelKey: 'nav.screenshotsOnline', order: 14, icon: 'online' },
      },
    ],
    va: [
      {
        path: 'screenshots',
        load: () => import('../routes/screenshots/va-page'),
        component: 'VaScreenshotsPage',
        loader: loader('vaScreenshotsLoader'),
        nav: { labelKey: 'nav.screenshots', order: 16, icon: 'screenshots' },
      },
    ],
  },
});
