import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';

export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      {children}
      {/* Top centre, below the phone header: clear of the dialogs' close buttons and the app's menu. */}
      <Toaster richColors position="top-center" mobileOffset={{ top: 64 }} />
    </QueryClientProvider>
  );
}
