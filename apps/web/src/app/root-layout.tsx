import { useEffect, useLayoutEffect } from 'react';
import { Outlet } from 'react-router';
import { markFirstPageShown, removeBootBar } from '../lib/first-page';
import { RouteProgress, ScrollManager } from './route-effects';

export function RootLayout() {
  // Once the first page is committed (not while the router renders it: a store changing during that render would
  // make React redo it in one long synchronous task).
  useEffect(markFirstPageShown, []);
  // The boot bar goes before the page is painted: the page's own top bar takes its place in the same frame.
  useLayoutEffect(removeBootBar, []);
  return (
    <>
      <RouteProgress />
      <ScrollManager />
      <Outlet />
    </>
  );
}
