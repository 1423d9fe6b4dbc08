import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useSession } from '@/features/auth/use-session';
import { useSignOut } from '@/features/auth/use-sign-out';
import { useDialerState } from '@/features/dialer/dialer-store';
import { OfferAlerts } from '@/features/deal-rooms/offer-alerts';
import { NotificationAlerts } from '@/features/notifications/notification-alerts';
import { useMe } from '@/features/organization/organization-api';
import { useRealtime } from '@/lib/realtime';
import { ErrorBoundary } from './error-boundary';
import { LoadingScreen } from './loading-screen';
import { MobileHeader } from './mobile-header';
import { Sidebar } from './sidebar';

const LeadDialerModal = lazy(() => import('@/features/dialer/lead-dialer-modal'));
const OfflineStatus = lazy(() => import('@/features/offline/offline-status').then((m) => ({ default: m.OfflineStatus })));

/** The signed-in shell; it owns the realtime socket, so the socket lives only while signed in. */
export function AppLayout() {
  const session = useSession();
  const me = useMe();
  const signOut = useSignOut();
  const { pathname } = useLocation();
  useRealtime(session.status === 'signed-in');
  const dialerOpen = useDialerState().isOpen;

  const email = me.data?.user.email ?? session.data?.user.email ?? '';
  const organizationName = me.data?.organization?.name ?? null;
  const onSignOut = () => signOut.mutate();

  return (
    <div className="flex min-h-screen bg-background">
      <Sidebar organizationName={organizationName} email={email} onSignOut={onSignOut} signingOut={signOut.isPending} />
      <div className="flex min-w-0 flex-1 flex-col">
        <MobileHeader organizationName={organizationName} email={email} onSignOut={onSignOut} />
        <NotificationAlerts />
        <OfferAlerts />
        <Suspense fallback={null}>
          <OfflineStatus userId={session.data?.user.id ?? null} />
        </Suspense>
        <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-8">
          <ErrorBoundary resetKeys={[pathname]}>
            <Suspense fallback={<LoadingScreen inline />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </main>
      </div>
      {dialerOpen && (
        <Suspense fallback={null}>
          <LeadDialerModal />
        </Suspense>
      )}
    </div>
  );
}
