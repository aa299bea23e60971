import { WEI_PER_UNIT as U } from '@free/protocol/amount';
import { ErrorCode } from '@free/protocol/envelope';
import { errorMessage } from '@free/protocol/errors';
import { act, type ReactNode, useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n';
import { byRole, byText, cleanup, render, typeInto } from '../test-utils';
import { AmountForm } from './AmountForm';

const input = () => document.querySelector('input') as HTMLInputElement;

function Form({
  onSubmit,
  clearOnSuccess,
  ready,
  submit,
}: {
  onSubmit: (a: string) => Promise<unknown>;
  clearOnSuccess?: boolean;
  ready?: boolean;
  submit?: (showPrompt: () => void) => ReactNode;
}) {
  const [value, setValue] = useState('');
  return (
    <AmountForm
      value={value}
      onChange={setValue}
      rules={{ kind: 'withdraw', balance: 20n * U }}
      clearOnSuccess={clearOnSuccess}
      ready={ready}
      submit={submit}
      actions={[{ label: 'Withdraw', onSubmit }]}
    />
  );
}

async function press(label: string) {
  await act(async () => {
    const button = byText(label)?.closest('button');
    if (!button) throw new Error(`no button '${label}'`);
    button.click();
  });
}

beforeAll(async () => {
  await initI18n('en');
});
afterEach(cleanup);

describe('AmountForm', () => {
  it('prompts for the amount on an empty submit and sends nothing', async () => {
    const onSubmit = vi.fn(async () => undefined);
    render(<Form onSubmit={onSubmit} />);
    expect(byRole('alert')).toBeNull();
    await press('Withdraw');
    expect(byRole('alert')?.textContent).toBe(errorMessage(ErrorCode.EnterWithdrawAmount, 'en'));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses an amount above the balance without sending it', async () => {
    const onSubmit = vi.fn(async () => undefined);
    render(<Form onSubmit={onSubmit} />);
    typeInto(input(), '25');
    await press('Withdraw');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends a valid amount and clears the field, without a prompt, once done', async () => {
    const onSubmit = vi.fn(async () => undefined);
    render(<Form onSubmit={onSubmit} />);
    typeInto(input(), '12.5');
    await press('Withdraw');
    expect(onSubmit).toHaveBeenCalledWith('12.5');
    expect(input().value).toBe('');
    expect(byRole('alert')).toBeNull();
  });

  it('keeps the amount when the action failed, for another try', async () => {
    const onSubmit = vi.fn(async () => Promise.reject(new Error('timeout')));
    render(<Form onSubmit={onSubmit} />);
    typeInto(input(), '3');
    await press('Withdraw');
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(input().value).toBe('3');
  });

  it('sends nothing while something besides the amount is missing, and still prompts for the amount', async () => {
    const onSubmit = vi.fn(async () => undefined);
    render(<Form onSubmit={onSubmit} ready={false} />);
    await press('Withdraw');
    expect(byRole('alert')?.textContent).toBe(errorMessage(ErrorCode.EnterWithdrawAmount, 'en'));
    typeInto(input(), '5');
    await press('Withdraw');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(input().value).toBe('5');
  });

  it('renders a submit of its own in place of the buttons, which shows the prompt when tapped', async () => {
    const onSubmit = vi.fn(async () => undefined);
    render(
      <Form
        onSubmit={onSubmit}
        submit={(showPrompt) => (
          <button type="button" onClick={showPrompt}>
            Pay on chain
          </button>
        )}
      />,
    );
    expect(byText('Withdraw')).toBeNull();
    expect(byRole('alert')).toBeNull();
    await press('Pay on chain');
    expect(byRole('alert')?.textContent).toBe(errorMessage(ErrorCode.EnterWithdrawAmount, 'en'));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
