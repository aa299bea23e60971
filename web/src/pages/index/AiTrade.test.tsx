// The AI-trade round card tells the user that prices are averages, that the closing one is taken
// after bets close, how small a move is a tie, and counts down to the close of bets.
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n, setLanguage } from '../../i18n';
import { cleanup, render } from '../../test-utils';
import { RoundClock, RoundPriceRule } from './AiTrade';

afterEach(cleanup);

describe('round price rule', () => {
  it('states the tie band of the round as a percentage in the user language', async () => {
    await initI18n('en');
    const { container } = render(<RoundPriceRule tieBps={10} windowMs={10_000} />);
    expect(container.textContent).toContain('average over those last 10 seconds');
    expect(container.textContent).toContain('smaller than 0.1%');
    await act(() => setLanguage('ru', false));
    const ru = render(<RoundPriceRule tieBps={25} windowMs={10_000} />);
    expect(ru.container.textContent).toContain('меньше 0,25');
    expect(ru.container.textContent).toContain('последние 10 с');
  });
});

describe('round clock', () => {
  const endsAt = '2026-01-01T00:01:00.000Z';
  const betsCloseAt = '2026-01-01T00:00:50.000Z';
  it('counts down to the close of bets, not to the end of the round', async () => {
    await initI18n('en');
    const now = () => Date.parse('2026-01-01T00:00:45.000Z');
    const { container } = render(<RoundClock betsCloseAt={betsCloseAt} endsAt={endsAt} now={now} />);
    expect(container.textContent).toBe('Bets close in 00:05');
  });
  it('once bets have closed, says so and counts down to the result', async () => {
    await initI18n('en');
    const now = () => Date.parse('2026-01-01T00:00:52.000Z');
    const { container } = render(<RoundClock betsCloseAt={betsCloseAt} endsAt={endsAt} now={now} />);
    expect(container.textContent).toBe('Bets closed · result in 00:08');
  });
});
