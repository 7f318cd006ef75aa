import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { ensureNamespace } from '../lib/i18n';

type Module = Record<string, unknown>;

/**
 * A lazy route: the named export of the module becomes the route's component. With `ns`, the feature's
 * translations load alongside, so the page renders with its texts.
 */
export const lazyPage =
  <M extends Module>(load: () => Promise<M>, name: keyof M & string, ns?: string) =>
  async () => {
    const [mod] = await Promise.all([
      load(),
      ensureNamespace('errors'),
      ns ? ensureNamespace(ns) : undefined,
    ]);
    return { Component: mod[name] as ComponentType };
  };

export const errorBoundary = () =>
  import('../components/layouts/route-error').then((m) => ({ ErrorBoundary: m.RouteError }));

/** Each layout catches its pages' errors inside its own frame. */
export const guarded = (children: RouteObject[]): RouteObject => ({ lazy: errorBoundary, children });
