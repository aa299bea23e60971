// Home: module and document tiles show an icon each (not a letter).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { configQuery, type SystemConfig } from '../../api/config';
import { initI18n } from '../../i18n';
import { cleanup, render, until } from '../../test-utils';
import { DOCS, Grid, MODULES } from './Home';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(cleanup);

async function tiles(entries: typeof MODULES) {
  const qc = new QueryClient();
  qc.setQueryData(configQuery.queryKey, { modules: {} } as unknown as SystemConfig);
  const { container } = render(
    <MemoryRouter>
      <QueryClientProvider client={qc}>
        <Grid entries={entries} label="tiles" />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  // The icon set is its own chunk: wait until every tile drew its icon (however long it takes to load)
  await act(() => import('./tileIcons'));
  await until(() => container.querySelectorAll('.dot svg').length >= entries.length, 'the tile icons');
  return [...container.querySelectorAll('.dot')];
}

describe('home tiles', () => {
  for (const [name, entries] of [
    ['module', MODULES],
    ['document', DOCS],
  ] as const) {
    it(`gives every ${name} tile a drawn icon and no letter`, async () => {
      const dots = await tiles(entries);
      expect(dots).toHaveLength(entries.length);
      for (const dot of dots) {
        expect(dot.querySelector('svg')).not.toBeNull();
        expect(dot.textContent).toBe('');
      }
      // Tiles are told apart by their pictures: no two share one.
      const drawings = dots.map((d) => d.querySelector('svg')?.innerHTML);
      expect(new Set(drawings).size).toBe(entries.length);
    });
  }
});
