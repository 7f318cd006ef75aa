import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { markFirstPageShown } from '../lib/first-page';
import { RouteProgress, ScrollManager } from './route-effects';

export function RootLayout() {
  // Once the first page is committed (not while the router renders it: a store changing during that render would
  // make React redo it in one long synchronous task).
  useEffect(markFirstPageShown, []);
  return (
    <>
      <RouteProgress />
      <ScrollManager />
      <Outlet />
    </>
  );
}
