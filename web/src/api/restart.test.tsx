// Loading's retry starts over the queries of the screen still on their first load, and only those.
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '../test-utils';
import { useRestartStalled } from './restart';

afterEach(cleanup);

describe('restarting stalled queries', () => {
  it('asks again for a query with no answer yet, not for one answered or one off screen', async () => {
    const stalled = vi.fn((): Promise<string> => new Promise(() => {}));
    const answered = vi.fn(async () => 'ok');
    const offScreen = vi.fn((): Promise<string> => new Promise(() => {}));
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // a query that another screen started and left: no component watches it any more
    void qc.prefetchQuery({ queryKey: ['off-screen'], queryFn: offScreen });
    let restart: () => void = () => {};
    function Screen() {
      useQuery({ queryKey: ['stalled'], queryFn: stalled });
      useQuery({ queryKey: ['answered'], queryFn: answered });
      restart = useRestartStalled();
      return null;
    }
    render(
      <QueryClientProvider client={qc}>
        <Screen />
      </QueryClientProvider>,
    );
    await act(async () => {});
    expect(qc.getQueryData(['answered'])).toBe('ok');
    expect([stalled.mock.calls.length, answered.mock.calls.length, offScreen.mock.calls.length]).toEqual([
      1, 1, 1,
    ]);

    await act(async () => restart());
    expect([stalled.mock.calls.length, answered.mock.calls.length, offScreen.mock.calls.length]).toEqual([
      2, 1, 1,
    ]);
  });
});
