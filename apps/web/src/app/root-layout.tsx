import { Outlet } from 'react-router';
import { RouteProgress, ScrollManager } from './route-effects';

export function RootLayout() {
  return (
    <>
      <RouteProgress />
      <ScrollManager />
      <Outlet />
    </>
  );
}
