import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '@/lib/query-client';
import { AppProviders } from './providers';
import { buildRoutes } from './routes';

const router = createBrowserRouter(buildRoutes());

export function App() {
  const [client] = useState(createQueryClient);
  return (
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
