import { ErrorCode } from '@free/protocol/envelope';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast } from '../components/toast';
import { initI18n } from '../i18n';
import { cleanup, render } from '../test-utils';
import { ApiError, routes } from './client';
import { callIdempotent, createKeyHolder, isOutcomeUnknown, useIdempotentMutation } from './idempotent';

vi.mock('../components/toast', () => ({ showToast: vi.fn() }));

type Answer = { code: number; data?: unknown } | 'network-error';

/** fetch answering each call with the next scripted outcome; records the Idempotency-Key sent. */
function scripted(answers: Answer[]) {
  const sent: string[] = [];
  const fetch = vi.fn(async (_url: string, init: RequestInit) => {
    sent.push((init.headers as Record<string, string>)['Idempotency-Key'] ?? '');
    const next = answers.shift() ?? { code: 200, data: null };
    if (next === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify({ msg: '', data: null, ...next }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return sent;
}

type Mutation = ReturnType<typeof useIdempotentMutation<{ amount: string }, unknown>>;

function mountWithdraw() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidate = vi.spyOn(qc, 'invalidateQueries');
  const ref: { current: Mutation | null } = { current: null };
  function Probe() {
    ref.current = useIdempotentMutation({
      mutationFn: (input: { amount: string }, key) =>
        callIdempotent(routes.postUserWithdrawApply, key, { body: { ...input, coin: 'USDT' } }),
      invalidates: () => [['user']],
      retryDelay: () => 0,
    });
    return null;
  }
  render(
    <QueryClientProvider client={qc}>
      <Probe />
    </QueryClientProvider>,
  );
  const submit = (amount: string) =>
    act(async () => {
      await (ref.current as Mutation).mutateAsync({ amount }).catch(() => undefined);
    });
  return { submit, invalidate };
}

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => vi.mocked(showToast).mockClear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useIdempotentMutation', () => {
  it('retries a timed-out request with the same key, and takes a new key after the success', async () => {
    const sent = scripted([{ code: ErrorCode.Timeout }, { code: 200, data: { id: 1 } }]);
    const { submit, invalidate } = mountWithdraw();
    await submit('10');
    expect(sent).toHaveLength(2);
    expect(sent[1]).toBe(sent[0]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['user'] });
    await submit('10');
    expect(sent).toHaveLength(3);
    expect(sent[2]).not.toBe(sent[0]);
  });

  it('keeps the key across network errors and 5xx until the user tries again', async () => {
    const sent = scripted([
      'network-error',
      { code: ErrorCode.Internal },
      { code: ErrorCode.ServiceUnavailable },
      { code: 200 },
    ]);
    const { submit, invalidate } = mountWithdraw();
    await submit('10');
    // the first attempt and both automatic retries failed: the outcome is still unknown
    expect(sent).toHaveLength(3);
    expect(invalidate).not.toHaveBeenCalled();
    await submit('10');
    expect(sent).toHaveLength(4);
    expect(new Set(sent).size).toBe(1);
  });

  it('retries a rate-limited request with the same key', async () => {
    const sent = scripted([{ code: ErrorCode.TooManyRequests }, { code: 200 }]);
    const { submit } = mountWithdraw();
    await submit('10');
    expect(sent).toEqual([sent[0], sent[0]]);
  });

  it('keeps the key while an earlier attempt is still running on the server (InProgress)', async () => {
    // A second tap while the first withdrawal is still in its transaction: a new key would make a
    // second withdrawal once the first commits.
    const sent = scripted([
      { code: ErrorCode.InProgress },
      { code: ErrorCode.InProgress },
      { code: ErrorCode.InProgress },
      { code: 200, data: { id: 1 } },
    ]);
    const { submit, invalidate } = mountWithdraw();
    await submit('10');
    expect(sent).toHaveLength(3);
    expect(invalidate).not.toHaveBeenCalled();
    await submit('10');
    expect(sent).toHaveLength(4);
    expect(new Set(sent).size).toBe(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['user'] });
  });

  it('takes a new key after a coded refusal, without retrying it', async () => {
    const sent = scripted([{ code: ErrorCode.InsufficientBalance }, { code: 200 }]);
    const { submit } = mountWithdraw();
    await submit('10');
    expect(sent).toHaveLength(1);
    await submit('10');
    expect(sent).toHaveLength(2);
    expect(sent[1]).not.toBe(sent[0]);
  });

  it('takes a new key when the inputs change while the outcome is unknown', async () => {
    const sent = scripted(['network-error', 'network-error', 'network-error', { code: 200 }]);
    const { submit } = mountWithdraw();
    await submit('10');
    await submit('11');
    expect(sent).toHaveLength(4);
    expect(sent[3]).not.toBe(sent[0]);
  });
});

describe('isOutcomeUnknown', () => {
  it('reads the server timeout envelope and transport failures as unknown, refusals as known', () => {
    // The server's 10 s budget answers HTTP 200 with envelope code Timeout.
    expect(isOutcomeUnknown(new ApiError(ErrorCode.Timeout, 'timeout', 200))).toBe(true);
    expect(isOutcomeUnknown(new ApiError(ErrorCode.NetworkError, 'network'))).toBe(true);
    expect(isOutcomeUnknown(new ApiError(502, 'bad gateway', 502))).toBe(true);
    expect(isOutcomeUnknown(new ApiError(ErrorCode.InProgress, 'in progress', 200))).toBe(true);
    expect(isOutcomeUnknown(new Error('anything else'))).toBe(true);
    expect(isOutcomeUnknown(new ApiError(ErrorCode.IdempotencyConflict, 'conflict', 200))).toBe(false);
    expect(isOutcomeUnknown(new ApiError(ErrorCode.ModuleClosed, 'closed', 200))).toBe(false);
    expect(isOutcomeUnknown(new ApiError(ErrorCode.RolledBack, 'rolled back', 200))).toBe(false);
  });
});

describe('createKeyHolder', () => {
  it('compares inputs by content, bigint included', () => {
    let n = 0;
    const holder = createKeyHolder(() => `k${++n}`);
    expect(holder.keyFor({ amount: 5n })).toBe('k1');
    expect(holder.keyFor({ amount: 5n })).toBe('k1');
    expect(holder.keyFor({ amount: 6n })).toBe('k2');
    holder.settle(new ApiError(ErrorCode.Timeout, 'timeout'));
    expect(holder.keyFor({ amount: 6n })).toBe('k2');
    holder.settle(null);
    expect(holder.keyFor({ amount: 6n })).toBe('k3');
  });
});
