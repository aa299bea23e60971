// The team page shows the team level the server gives (V{n} or F) and what the levels mean.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n';
import { session } from '../../session/store';
import { cleanup, render, until } from '../../test-utils';
import Team from './Team';

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const info = (level: string) => ({
  teamCount: 3,
  validCount: 2,
  directCount: 2,
  marketMakers: 0,
  newToday: 0,
  newYesterday: 0,
  validToday: 0,
  validYesterday: 0,
  totalPerformance: '20000000',
  zoneA: '4000000',
  zoneB: '16000000',
  ownPrincipal: '0',
  level,
  nodeTier: 'super',
  isValid: false,
  isMarketMaker: false,
});

let level = 'V3';
beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  session.set({ token: 'tok', user: { address: ADDRESS } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = new URL(input).pathname;
      const data = path === '/api/user/team_info' ? info(level) : { list: [], total: 0, page: 1, size: 20 };
      return new Response(JSON.stringify({ code: 200, msg: 'ok', data }));
    }),
  );
});
afterEach(() => {
  cleanup();
  session.clear();
  vi.unstubAllGlobals();
});

async function renderTeam() {
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Team />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  // until the team figures arrived (the first render also loads the page's modules)
  await until(() => document.querySelector('[data-testid="team-level-note"]') !== null, 'the team level');
}

describe('team level', () => {
  it('shows level F and says it is the top level', async () => {
    level = 'F';
    await renderTeam();
    expect(document.body.textContent).toContain('Team level F');
    expect(document.querySelector('[data-testid="team-level-note"]')?.textContent).toContain('level F');
  });

  it('explains the V levels below F', async () => {
    level = 'V3';
    await renderTeam();
    expect(document.body.textContent).toContain('Team level V3');
    expect(document.querySelector('[data-testid="team-level-note"]')?.textContent).toContain('V0 to V7');
  });
});
