// Restarting a query that is stuck on its first load (the Loading give-up's retry).
import { type QueryKey, useQueryClient } from '@tanstack/react-query';

/**
 * Loading's retry for a query still on its first load. `refetch()` would only wait on the stalled
 * request again (a query without data is not cancelled by a refetch), so the query starts over.
 */
export function useRestartQuery(queryKey: QueryKey): () => void {
  const qc = useQueryClient();
  return () => void qc.resetQueries({ queryKey, exact: true });
}
