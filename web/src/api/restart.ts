// Loading's retry: the queries of the screen that are stuck on their first load start over.
import { useQueryClient } from '@tanstack/react-query';

/**
 * The retry of the Loading give-up. `refetch()` would only wait on the stalled request again (a query
 * without data is not cancelled by a refetch), so every query that a mounted component watches and
 * that has no answer yet is reset, which starts its request anew. Queries that have data are left.
 */
export function useRestartStalled(): () => void {
  const qc = useQueryClient();
  return () =>
    void qc.resetQueries({
      predicate: (q) => q.state.status === 'pending' && q.getObserversCount() > 0,
    });
}
