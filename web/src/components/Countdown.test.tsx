import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, setLanguage } from '../i18n';
import { byRole, byText, cleanup, render } from '../test-utils';
import { Countdown } from './Countdown';

const NOW = 1_800_000_000_000;
const fixed = () => NOW;

beforeAll(async () => {
  await initI18n('en');
});
afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  await setLanguage('en', false);
});

describe('Countdown', () => {
  it('shows minutes:seconds, hours:minutes:seconds and days', () => {
    const end = NOW + (26 * 3600 + 3 * 60 + 5) * 1000;
    const { rerender } = render(<Countdown end={end} format="ms" now={fixed} />);
    expect(byRole('timer')?.textContent).toBe('1563:05');
    rerender(<Countdown end={end} format="hms" now={fixed} />);
    expect(byRole('timer')?.textContent).toBe('26:03:05');
    rerender(<Countdown end={end} format="dhms" now={fixed} />);
    expect(byRole('timer')?.textContent).toBe('1 d 02:03:05');
  });

  it('says ended once the end time has passed, in the reader language', async () => {
    render(<Countdown end={NOW - 1} format="hms" now={fixed} />);
    expect(byText('Ended')).not.toBeNull();
    await act(() => setLanguage('ja', false));
    expect(byText('Ended')).toBeNull();
  });

  it('counts down and flips to ended', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    render(<Countdown end={NOW + 2000} format="ms" />);
    expect(byRole('timer')?.textContent).toBe('00:02');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(byRole('timer')?.textContent).toBe('00:01');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(byText('Ended')).not.toBeNull();
  });
});
