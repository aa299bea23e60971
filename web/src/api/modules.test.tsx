// One answer to "is this module open?": open, closed (also when the switch is missing), or loading
// until the config answer is known — and a module's notice shows only once it is known closed.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n';
import { ModuleState } from '../pages/index/ModuleIntro';
import { cleanup, render, settle } from '../test-utils';
import type { SystemConfig } from './config';
import { moduleState, useModuleOpen } from './modules';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const configWith = (modules: Record<string, boolean>) => ({ modules }) as unknown as SystemConfig;

describe('module state', () => {
  it('is open only when the switch is on; a switch off or missing is closed; no config is loading', () => {
    expect(moduleState(configWith({ shop: true }), 'shop')).toBe('open');
    expect(moduleState(configWith({ shop: false }), 'shop')).toBe('closed');
    expect(moduleState(configWith({}), 'shop')).toBe('closed');
    expect(moduleState(undefined, 'shop')).toBe('loading');
  });

  it('shows neither the page nor the notice while the config loads, then the notice once known closed', async () => {
    await initI18n('en');
    // the config answer is held until released: a switch map without `machines`
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        await held;
        return new Response(JSON.stringify({ code: 200, msg: 'ok', data: configWith({ shop: true }) }), {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const seen: string[] = [];
    function Page() {
      seen.push(useModuleOpen('machines'));
      return <ModuleState module="machines" />;
    }
    const view = render(
      <QueryClientProvider client={qc}>
        <Page />
      </QueryClientProvider>,
    );
    const notice = () => view.container.querySelector('[role="status"]');
    expect(seen.at(-1)).toBe('loading');
    expect(notice()).toBeNull();
    release();
    await settle();
    expect(seen.at(-1)).toBe('closed');
    expect(notice()?.textContent).toBeTruthy();
  });
});
