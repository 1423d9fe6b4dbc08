import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from './error-boundary';
import { LoadingScreen } from './loading-screen';
import { useRouteMemory } from './route-memory';

/** Wraps every route: remembers the route, catches crashes (reset on navigation), waits for lazy pages. */
export function RootLayout() {
  const { pathname } = useLocation();
  useRouteMemory();
  return (
    <ErrorBoundary resetKeys={[pathname]}>
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}
