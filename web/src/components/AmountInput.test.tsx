import { WEI_PER_UNIT as U } from '@free/protocol/amount';
import { ErrorCode } from '@free/protocol/envelope';
import { errorMessage } from '@free/protocol/errors';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n';
import { byRole, cleanup, render, typeInto } from '../test-utils';
import { AmountInput, type AmountRules } from './AmountInput';

function Field({ rules, showError = false }: { rules: AmountRules; showError?: boolean }) {
  const [value, setValue] = useState('');
  return <AmountInput value={value} onChange={setValue} rules={rules} showError={showError} token="USDT" />;
}

const input = () => document.querySelector('input') as HTMLInputElement;
const type = (text: string) => typeInto(input(), text);

beforeAll(async () => {
  await initI18n('en');
});
afterEach(cleanup);

describe('AmountInput', () => {
  it('cleans what is typed to digits and one decimal point', () => {
    render(<Field rules={{ kind: 'invest' }} />);
    type('12a.3.4');
    expect(input().value).toBe('12.34');
    type('.5');
    expect(input().value).toBe('0.5');
    type('-3');
    expect(input().value).toBe('');
  });

  it('asks for the recharge amount when submitted empty', () => {
    render(<Field rules={{ kind: 'recharge' }} showError />);
    expect(byRole('alert')?.textContent).toBe(errorMessage(ErrorCode.EnterRechargeAmount, 'en'));
  });

  it('refuses a recharge above 1000 and an amount below 1U', () => {
    render(<Field rules={{ kind: 'recharge' }} />);
    type('1000.01');
    expect(byRole('alert')?.textContent).toBe(errorMessage(ErrorCode.RechargeTooLarge, 'en'));
    type('0.5');
    expect(byRole('alert')?.textContent).toBe(errorMessage(ErrorCode.AmountTooSmall, 'en'));
    type('1000');
    expect(byRole('alert')).toBeNull();
  });

  it('refuses more than the wallet balance', () => {
    render(<Field rules={{ kind: 'withdraw', balance: 20n * U }} />);
    type('25');
    expect(byRole('alert')?.textContent).toBe(errorMessage(ErrorCode.InsufficientBalance, 'en'));
    type('20');
    expect(byRole('alert')).toBeNull();
  });
});
