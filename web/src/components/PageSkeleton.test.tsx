// Loading gives up after 60 s with a retry (docs/business-rules.md "Calls, messages and timing"), both inside a page and while a page's code loads.
import { LOAD_DELAY_MS, LOAD_TIMEOUT_MS } from '@free/protocol/constants';
import { act, lazy, Suspense } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n';
import { cleanup, render } from '../test-utils';
import { Loading, PageSkeleton } from './PageSkeleton';

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const retryButton = (el: HTMLElement) =>
  [...el.querySelectorAll('button')].find((b) => b.textContent === 'Retry') ?? null;

describe('loading state', () => {
  it('shows nothing at first, a skeleton after the delay, and a retry once loading times out', () => {
    const onRetry = vi.fn();
    const { container } = render(<Loading onRetry={onRetry} />);
    expect(container.textContent).toBe('');
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();

    advance(LOAD_DELAY_MS);
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(retryButton(container)).toBeNull();

    advance(LOAD_TIMEOUT_MS - LOAD_DELAY_MS);
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
    expect(container.textContent).toContain('taking too long');
    const retry = retryButton(container);
    expect(retry).not.toBeNull();

    act(() => retry?.click());
    expect(onRetry).toHaveBeenCalledTimes(1);
    // Retrying starts over: the skeleton again, and another full timeout before giving up.
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    advance(LOAD_TIMEOUT_MS - 1);
    expect(retryButton(container)).toBeNull();
    advance(1);
    expect(retryButton(container)).not.toBeNull();
  });

  it('gives up on a page whose code never arrives and offers to reload', () => {
    const Never = lazy(() => new Promise<{ default: () => null }>(() => {}));
    const { container } = render(
      <Suspense fallback={<PageSkeleton />}>
        <Never />
      </Suspense>,
    );
    advance(LOAD_TIMEOUT_MS - 1);
    expect(retryButton(container)).toBeNull();
    advance(1);
    expect(retryButton(container)).not.toBeNull();
  });
});
