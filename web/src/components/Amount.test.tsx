// Amount ranges read minimum to maximum in every direction (Arabic does not mirror them).

import { WEI_PER_UNIT as U } from '@free/protocol/amount';
import { act } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n, setLanguage } from '../i18n';
import { cleanup, render } from '../test-utils';
import { AmountRange } from './AmountRange';

beforeAll(async () => {
  await initI18n('ar');
});
afterEach(cleanup);
afterAll(async () => {
  await act(() => setLanguage('en', false));
});

describe('amount range', () => {
  it('is one left-to-right island with the minimum first, on an Arabic page', () => {
    expect(document.documentElement.dir).toBe('rtl');
    const { container } = render(<AmountRange min={1n * U} max={1000n * U} token="USDT" />);
    const range = container.firstElementChild as HTMLElement;
    expect(range.getAttribute('dir')).toBe('ltr');
    const parts = [...range.querySelectorAll('bdi')].map((b) => b.textContent);
    expect(parts).toHaveLength(2);
    expect(parts[0]).toMatch(/USDT$/);
    // The minimum (1) is the shorter figure and comes first; the maximum (1,000) follows.
    expect((parts[0] ?? '').length).toBeLessThan((parts[1] ?? '').length);
    expect(range.textContent?.indexOf(parts[0] ?? '')).toBe(0);
    expect(range.textContent).toContain(' – ');
  });
});
