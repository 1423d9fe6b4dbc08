import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { toasterGate } from '@/lib/toaster-gate';

const AppToaster = lazy(() => import('./app-toaster').then((m) => ({ default: m.AppToaster })));

export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  const toaster = useSyncExternalStore(toasterGate.subscribe, toasterGate.needed);
  return (
    <QueryClientProvider client={client}>
      {children}
      {toaster && (
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
