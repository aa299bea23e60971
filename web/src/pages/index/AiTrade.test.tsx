// The AI-trade round card tells the user that prices are averages and how small a move is a tie.
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n, setLanguage } from '../../i18n';
import { cleanup, render } from '../../test-utils';
import { RoundPriceRule } from './AiTrade';

afterEach(cleanup);

describe('round price rule', () => {
  it('states the tie band of the round as a percentage in the user language', async () => {
    await initI18n('en');
    const { container } = render(<RoundPriceRule tieBps={10} />);
    expect(container.textContent).toContain('averages over a minute');
    expect(container.textContent).toContain('smaller than 0.1%');
    await act(() => setLanguage('ru', false));
    const ru = render(<RoundPriceRule tieBps={25} />);
    expect(ru.container.textContent).toContain('меньше 0,25');
  });
});
