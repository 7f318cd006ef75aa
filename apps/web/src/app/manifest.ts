import type { QueryClient } from '@tanstack/react-query';
import type { DashboardRole } from '@vahub/shared/auth/roles';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { queryClient } from '../lib/query-client';
import { loadSession } from '../lib/session';
import { lazyPage } from './lazy';

/** Icons of sidebar entries, by name (the sidebar maps them to components, outside the first page's JS). */
export type NavIcon =
  | 'invoices'
  | 'payroll'
  | 'dashboard'
  | 'users'
  | 'clients'
  | 'team'
  | 'organizations'
  | 'settings'
  | 'mail'
  | 'profile'
  | 'security'
  | 'calendar'
  | 'attendance'
  | 'online'
  | 'activity'
  | 'reports'
  | 'insights'
  | 'screenshots'
  | 'requests'
  | 'projects'
  | 'billing'
  | 'plans';

/** Sidebar groups several features fill (e.g. the admin's "Virtual assistants": directory and schedules). */
export type NavGroupId = 'clients' | 'virtual-assistants' | 'reports';

export type NavEntry = {
  labelKey: string;
  /** Sidebar order within the dashboard (or within the group). */
  order: number;
  icon?: NavIcon;
  group?: NavGroupId;
  superAdminOnly?: boolean;
  /** Shown only when the organization allows it (the dashboard layout finds out; see `NavCondition`). */
  when?: NavCondition;
};

/** What an entry may wait for: `managerInvoices`, the organization lets managers handle invoices (issue 30). */
export type NavCondition = 'managerInvoices';

/** Prefetches what a page shows while its code downloads (`ensureQueryData` of its queries). */
export type PageLoader = (args: LoaderFunctionArgs, client: QueryClient) => Promise<unknown>;

/** One page of a dashboard. Paths are relative to the dashboard (`/admin-dashboard/...`). */
export type PageDef = {
  path?: string;
  index?: boolean;
  /** The module holding the page, and the name of its component export. */
  load: () => Promise<Record<string, unknown>>;
  component: string;
  /** Loaded in parallel with the page's code, so the page's requests do not wait for it. */
  loader?: () => Promise<PageLoader>;
  nav?: NavEntry;
  children?: PageDef[];
  /** The texts namespace, when not the feature's (a tab another feature lends to this page). */
  ns?: string;
};

/**
 * What a feature contributes to the app: its pages per dashboard, its texts namespace, its sidebar entries.
 * The router and the sidebar are built from the manifests; nothing else lists a feature's pages.
 */
export type FeatureManifest = {
  name: string;
  /** The feature's texts namespace (`features/<name>/locales`), loaded with its pages. */
  ns?: string;
  pages: Partial<Record<DashboardRole, PageDef[]>>;
};

export const defineFeature = (manifest: FeatureManifest): FeatureManifest => manifest;

/** A loader exported by name from a lazily loaded module. */
export const lazyLoader =
  <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) =>
  async () =>
    (await load())[name] as PageLoader;

/** A route's loader from a page's: it prefetches and returns nothing (the page reads the same queries). */
export const routeLoader =
  (loader: () => Promise<PageLoader>) =>
  async (args: LoaderFunctionArgs): Promise<null> => {
    // Loaders run beside the root's gate: signed out, a prefetch would answer 401 and its handler would send
    // the visitor to /login, losing the gate's redirect to the asked page.
    if (!loadSession()) return null;
    // A failed prefetch is not the page's failure: the page shows its own error state for the query.
    await (await loader())(args, queryClient).catch(() => undefined);
    return null;
  };

function toRoute(page: PageDef, featureNs: string | undefined): RouteObject {
  const ns = page.ns ?? featureNs;
  const children = page.children?.map((child) => toRoute(child, featureNs));
  const lazy = lazyPage(page.load, page.component, ns);
  const route = { lazy, ...(page.loader ? { loader: routeLoader(page.loader) } : {}) };
  if (page.index) return { ...route, index: true };
  return { ...route, path: page.path, ...(children ? { children } : {}) };
}

/** The routes of a dashboard, from every feature's manifest. */
export const dashboardRoutes = (role: DashboardRole, features: FeatureManifest[]): RouteObject[] =>
  features.flatMap((f) => (f.pages[role] ?? []).map((page) => toRoute(page, f.ns)));
