// Providers and the router, built from the one route table.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { HashRouter, Navigate, Route, Routes } from 'react-router';
import { ApiError } from '../api/client';
import { NotFound } from '../pages/NotFound';
import { Guard } from './Guard';
import { CatchUpWithHash } from './hashSync';
import { Layout } from './Layout';
import { ALIASES, ROUTES } from './routes';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // The client already told the user; retry only what never reached the server.
      retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status !== undefined),
    },
  },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <HashRouter>
        <CatchUpWithHash />
        <Routes>
          <Route element={<Layout />}>
            {ROUTES.map((r) => (
              <Route
                key={r.path}
                path={r.path}
                element={
                  <Guard route={r}>
                    <r.component />
                  </Guard>
                }
              />
            ))}
            {Object.entries(ALIASES).map(([from, to]) => (
              <Route key={from} path={from} element={<Navigate to={to} replace />} />
            ))}
            <Route path="*" element={<NotFound />} />
          </Route>
        </Routes>
      </HashRouter>
    </QueryClientProvider>
  );
}
