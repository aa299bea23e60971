// What the home page reads first. The app's start (src/boot.tsx) asks for them before React's first
// render, so that answers index.html's shell already fetched (src/api/early.ts) are in the query
// cache by the time the page draws, instead of being asked for only after its first commit.
import type { QueryClient } from '@tanstack/react-query';
import { announcementsQuery, bannersQuery } from '../../api/articles';
import { configQuery } from '../../api/config';
import { fomoQuery } from '../../api/fomo';
import { quotesQuery } from '../../api/quotes';

export function prefetchHomeReads(client: QueryClient): void {
  void client.prefetchQuery(configQuery);
  void client.prefetchQuery(fomoQuery);
  void client.prefetchQuery(quotesQuery);
  void client.prefetchQuery(bannersQuery);
  void client.prefetchQuery(announcementsQuery);
}
