import type { DashboardRole } from '@vahub/shared/auth/roles';
import { createBrowserRouter, matchRoutes, type RouteObject, redirect } from 'react-router';
import { DelayedLoader } from '../components/ui/delayed-loader';
import { dashboardPath } from '../config/paths';
import { setRestrictedHandler, setUnauthorizedHandler } from '../lib/api-client';
import { setPrefetcher } from '../lib/prefetch';
import { queryClient } from '../lib/query-client';
import { invalidate } from '../lib/query-keys';
import { selectSubscriptionLoader } from './feature-routes/shell';
import { FEATURES } from './features';
import { dashboardRoleOfPath, VISITOR_PATHS } from './gate';
import { createGateLoader } from './gate-loader';
import { errorBoundary, firstPageRoute, guarded, lazyPage } from './lazy';
import { dashboardRoutes } from './manifest';
import { RootLayout } from './root-layout';
import { setRouteExists } from './route-registry';

const dashboardLayout = lazyPage(() => import('./layouts/dashboard-layout'), 'DashboardLayout');

const dashboardNotFound = lazyPage(() => import('./routes/error-pages'), 'DashboardNotFoundPage');

/**
 * A dashboard's frame with every feature's pages for that role (see `features.ts`). A path inside it that
 * no page answers (mistyped, or a page not built yet) keeps the frame and says so.
 */
function dashboardRoute(role: DashboardRole): RouteObject {
  const children = [
    ...dashboardRoutes(role, FEATURES),
    { id: `${DASHBOARD_NOT_FOUND}-${role}`, path: '*', lazy: dashboardNotFound },
  ];
  return { path: dashboardPath(role).slice(1), lazy: dashboardLayout, children: [guarded(children)] };
}

const DASHBOARD_NOT_FOUND = 'dashboard-not-found';

/** The first load's loader (after 200 ms), below the boot bar of `index.html` that stays until the page is shown. */
function BootFallback() {
  return (
    <div style={{ paddingTop: 60 }}>
      <DelayedLoader />
    </div>
  );
}

const statusPage = lazyPage(() => import('./routes/status-pages'), 'StatusPage');

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: RootLayout,
    HydrateFallback: BootFallback,
    shouldRevalidate: () => true,
    lazy: errorBoundary,
    children: [
      { path: 'login', loader: () => redirect('/auth/login') },
      { path: 'dashboard', Component: DelayedLoader },
      {
        lazy: lazyPage(() => import('../components/layouts/landing-layout'), 'LandingLayout'),
        children: [
          guarded([
            { index: true, lazy: lazyPage(() => import('./routes/home-page'), 'HomePage') },
            { path: '403', lazy: lazyPage(() => import('./routes/error-pages'), 'ForbiddenPage') },
            {
              id: 'not-found',
              path: '*',
              lazy: lazyPage(() => import('./routes/error-pages'), 'NotFoundPage'),
            },
          ]),
        ],
      },
      {
        lazy: firstPageRoute(() => import('../components/layouts/auth-layout'), 'AuthLayout'),
        children: [
          guarded([
            { path: 'auth/login', lazy: firstPageRoute(() => import('./routes/login-page'), 'LoginPage') },
            { path: 'auth/signup', lazy: lazyPage(() => import('./routes/signup-page'), 'SignupPage') },
            {
              path: 'auth/sso',
              lazy: lazyPage(() => import('./routes/sso-callback-page'), 'SsoCallbackPage'),
            },
            { path: 'invite', lazy: lazyPage(() => import('./routes/invite-page'), 'InvitePage') },
            { path: 'device', lazy: lazyPage(() => import('./routes/device-page'), 'DevicePage') },
            { path: 'setup', lazy: lazyPage(() => import('./routes/setup-page'), 'SetupPage') },
            { path: 'auth/verify', handle: { status: 'authVerify' }, lazy: statusPage },
            {
              path: 'email-verify',
              lazy: lazyPage(() => import('./routes/email-verify-page'), 'EmailVerifyPage'),
            },
            { path: 'email/verify/success', handle: { status: 'verifySuccess' }, lazy: statusPage },
            { path: 'email/verify/fail', handle: { status: 'verifyFail' }, lazy: statusPage },
            {
              path: 'contact-admin',
              lazy: lazyPage(() => import('./routes/billing/contact-admin-page'), 'ContactAdminPage'),
            },
            {
              path: 'confirm-subscription',
              loader: selectSubscriptionLoader,
              lazy: lazyPage(
                () => import('./routes/billing/confirm-subscription-page'),
                'ConfirmSubscriptionPage',
              ),
            },
            {
              path: 'select-subscription',
              loader: selectSubscriptionLoader,
              lazy: lazyPage(() => import('./routes/select-subscription-page'), 'SelectSubscriptionPage'),
            },
          ]),
        ],
      },
      {
        path: 'checkout',
        lazy: lazyPage(() => import('../components/layouts/checkout-layout'), 'CheckoutLayout'),
        children: [
          guarded([
            {
              path: 'success',
              lazy: lazyPage(() => import('./routes/billing/checkout-success-page'), 'CheckoutSuccessPage'),
            },
            { path: 'cancel', handle: { status: 'checkoutCancel' }, lazy: statusPage },
          ]),
        ],
      },
      dashboardRoute('admin'),
      dashboardRoute('manager'),
      dashboardRoute('client'),
      dashboardRoute('va'),
    ],
  },
];

const lastRouteId = (pathname: string): string | null | undefined => {
  const matches = matchRoutes(routes, pathname);
  return matches ? (matches[matches.length - 1].route.id ?? null) : undefined;
};

/** Only the public 404: a dashboard's own "not found" still goes through the dashboard's gate (sign-in, role). */
const isNotFound = (pathname: string): boolean => {
  // A dashboard's path always matches (its own "not found" takes the rest), and so does every visitor page: the
  // gate of their navigations skips matching the whole tree (every page of four dashboards) once more.
  if (dashboardRoleOfPath(pathname) || VISITOR_PATHS.includes(pathname)) return false;
  const id = lastRouteId(pathname);
  return id === undefined || id === 'not-found';
};

routes[0].loader = createGateLoader(queryClient, isNotFound);
setRouteExists((path) => {
  const id = lastRouteId(path);
  return id !== undefined && id !== 'not-found' && !id?.startsWith(DASHBOARD_NOT_FOUND);
});

/**
 * The app's router, with the handlers that navigate through it. Created by `main.tsx` in a task of its own after the
 * code's evaluation: its first navigation (the gate, the matched pages' code asked for) then does not add to the
 * evaluation's long task.
 */
export function createAppRouter() {
  const router = createBrowserRouter(routes);

  setUnauthorizedHandler(() => {
    queryClient.clear();
    void router.navigate('/login', { replace: true });
  });

  // An email to verify or a plan to choose, found out by a refused call: read the person and organization
  // again, and let the gate take them to the page that says why.
  setRestrictedHandler(() => {
    void invalidate(queryClient, 'session', 'organizations').then(() => router.revalidate());
  });

  return router;
}

setPrefetcher((to) => {
  for (const match of matchRoutes(routes, to) ?? []) {
    const lazy = match.route.lazy;
    if (typeof lazy === 'function') void Promise.resolve(lazy()).catch(() => {});
  }
});
