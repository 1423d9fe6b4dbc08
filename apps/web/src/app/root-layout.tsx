import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from './error-boundary';
import { LoadingScreen } from './loading-screen';
import { useRouteMemory } from './route-memory';
import { requestToaster } from '@/lib/toaster-gate';

/** Wraps every route: remembers the route, catches crashes (reset on navigation), waits for lazy pages, brings the toaster off the landing page. */
export function RootLayout() {
  const { pathname } = useLocation();
  useRouteMemory();
  // Leaving the landing page in the app (no page load): the toaster comes now, before the next page toasts.
  useEffect(() => {
    if (pathname !== '/') requestToaster();
  }, [pathname]);
  return (
    <ErrorBoundary resetKeys={[pathname]}>
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}
