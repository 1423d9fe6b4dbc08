import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '@/features/auth/use-session';
import { LayoutSkeleton } from './layout-skeleton';

/** Protected routes: skeletons while the session loads, /login?redirect=… when signed out. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <LayoutSkeleton />;
  if (session.status === 'signed-out') {
    const redirect = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/login?redirect=${redirect}`} replace />;
  }
  return <Outlet />;
}
