import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { ErrorBoundary, ScreenError } from './components/route-error-boundary';
import { AppRoutes } from './router';

/** The whole app: server state, routing, and a last-resort error boundary around everything. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <ErrorBoundary
      fallback={
        <main className="flex min-h-dvh flex-col">
          <ScreenError />
        </main>
      }
    >
      <QueryClientProvider client={queryClient}>
        {/* Location changes render immediately (no transitions), before any session change they trigger. */}
        <BrowserRouter useTransitions={false}>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
