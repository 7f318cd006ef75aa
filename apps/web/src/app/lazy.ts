import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { ensureNamespace } from '../lib/i18n';
import { loadMantineStyles } from './styles/load-mantine';

type Module = Record<string, unknown>;

/**
 * A lazy route: the named export of the module becomes the route's component. With `ns`, the feature's
 * translations load alongside, so the page renders with its texts. All of Mantine's styles come first (the first
 * page carries only its own share of them, `styles/first-page.ts`).
 */
export const lazyPage =
  <M extends Module>(load: () => Promise<M>, name: keyof M & string, ns?: string) =>
  async () => {
    const [, mod] = await Promise.all([
      loadMantineStyles(),
      load(),
      ensureNamespace('errors'),
      ns ? ensureNamespace(ns) : undefined,
    ]);
    return { Component: mod[name] as ComponentType };
  };

/** A route of the first page (the sign-in page and its frame): styled by `styles/first-page.ts` alone. */
export const firstPageRoute =
  <M extends Module>(load: () => Promise<M>, name: keyof M & string) =>
  async () => {
    const [mod] = await Promise.all([load(), ensureNamespace('errors')]);
    return { Component: mod[name] as ComponentType };
  };

export const errorBoundary = () =>
  import('../components/layouts/route-error').then((m) => ({ ErrorBoundary: m.RouteError }));

/** Each layout catches its pages' errors inside its own frame. */
export const guarded = (children: RouteObject[]): RouteObject => ({ lazy: errorBoundary, children });
