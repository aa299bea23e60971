// A module page speaks up only when the module is not open yet.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { configQuery, type SystemConfig } from '../../api/config';
import { initI18n } from '../../i18n';
import { cleanup, render } from '../../test-utils';
import { ModuleState } from './ModuleIntro';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(cleanup);

function withModules(modules: Record<string, boolean>) {
  const qc = new QueryClient();
  qc.setQueryData(configQuery.queryKey, { modules } as unknown as SystemConfig);
  return qc;
}

describe('module notice', () => {
  it('says nothing on an open module', () => {
    const { container } = render(
      <QueryClientProvider client={withModules({ ai_trade: true })}>
        <ModuleState module="ai_trade" />
      </QueryClientProvider>,
    );
    expect(container.querySelector('[role="status"]')).toBeNull();
    expect(container.textContent).toBe('');
  });

  it('says "not yet open" on a closed module', () => {
    const { container } = render(
      <QueryClientProvider client={withModules({ ai_trade: true })}>
        <ModuleState module="machines" />
      </QueryClientProvider>,
    );
    expect(container.querySelector('[role="status"]')?.textContent).toBe('Not yet open');
  });
});
