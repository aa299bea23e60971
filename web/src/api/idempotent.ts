// Money-moving POSTs (docs/api.md "Request headers"): one Idempotency-Key per intended action, kept until the outcome is
// known. A timeout, a network failure, a 5xx or a 429 leave the outcome unknown — the server may have
// done the work — and so does InProgress (the first attempt with this key is still running on the
// server: a new key now would do the work a second time), so the retry (automatic or the user's next tap) carries the same key and the server
// answers the stored result instead of doing it twice. A new key only after a success, after a coded
// refusal (the server rolled back), or when the inputs change (the same key with other content is
// refused as IdempotencyConflict).

import type { EndpointKey } from '@free/protocol/api/endpoints';
import { ErrorCode } from '@free/protocol/envelope';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { type Answer, ApiError, type CallArgs, call, type Route } from './client';

/** Automatic retries after an unknown outcome, on top of the first attempt. */
export const IDEMPOTENT_RETRIES = 2;

/**
 * Whether a failed call may have done its work: nothing came back (network, the client's 10 s
 * abort), the server's own budget ran out (envelope code Timeout, see server `onRequest`), an earlier
 * attempt with the same key is still running (InProgress), rate limiting, or a server/infrastructure
 * failure. Anything else is a coded refusal: nothing happened.
 */
export function isOutcomeUnknown(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  const { code, status } = error;
  if (code === ErrorCode.NetworkError || code === ErrorCode.TooManyRequests) return true;
  if (code === ErrorCode.InProgress) return true;
  if (code >= 500 && code < 600) return true;
  if (code === ErrorCode.ChainUnavailable) return true;
  return status !== undefined && (status >= 500 || status === 429);
}

/** A call of the map carrying its Idempotency-Key (typed from the endpoint's entry like `call`). */
export function callIdempotent<K extends EndpointKey>(
  route: Route<K>,
  idempotencyKey: string,
  ...[opts]: CallArgs<K>
): Promise<Answer<K>> {
  const withKey = { ...opts, headers: { 'Idempotency-Key': idempotencyKey } };
  // the same options with the key added: still what the entry's call takes
  return call(route, ...([withKey] as CallArgs<K>));
}

/** Inputs compared by content (amounts may be bigint). */
function fingerprint(input: unknown): string {
  return JSON.stringify(input ?? null, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v));
}

/**
 * Holds the key of the action in flight: `keyFor` gives the same key for the same inputs until
 * `settle` learns the outcome is known. Plain object so the rule is testable without React.
 */
export function createKeyHolder(newKey: () => string = () => crypto.randomUUID()) {
  let held: { key: string; input: string } | null = null;
  return {
    keyFor(input: unknown): string {
      const print = fingerprint(input);
      if (held === null || held.input !== print) held = { key: newKey(), input: print };
      return held.key;
    },
    /** After an attempt: drop the key once the outcome is known (success or coded refusal). */
    settle(error: unknown | null) {
      if (error === null || !isOutcomeUnknown(error)) held = null;
    },
  };
}

export interface IdempotentMutationOptions<TInput, TData> {
  /** Does the call with the key of this action. */
  mutationFn: (input: TInput, idempotencyKey: string) => Promise<TData>;
  /** Query keys whose data this action changes; invalidated after a success. */
  invalidates: (input: TInput, data: TData) => readonly QueryKey[];
  onSuccess?: (data: TData, input: TInput) => void;
  /** Pause before automatic retry `attempt` (ms); exponential by default. */
  retryDelay?: (attempt: number) => number;
}

export function useIdempotentMutation<TInput = void, TData = unknown>(
  options: IdempotentMutationOptions<TInput, TData>,
) {
  const qc = useQueryClient();
  const holder = useRef<ReturnType<typeof createKeyHolder> | null>(null);
  holder.current ??= createKeyHolder();
  const keys = holder.current;
  return useMutation<TData, Error, TInput>({
    mutationFn: async (input) => {
      const key = keys.keyFor(input);
      try {
        const data = await options.mutationFn(input, key);
        keys.settle(null);
        return data;
      } catch (error) {
        keys.settle(error);
        throw error;
      }
    },
    retry: (failures, error) => failures < IDEMPOTENT_RETRIES && isOutcomeUnknown(error),
    retryDelay: options.retryDelay ?? ((attempt) => Math.min(1000 * 2 ** attempt, 8000)),
    onSuccess: (data, input) => {
      for (const queryKey of options.invalidates(input, data)) void qc.invalidateQueries({ queryKey });
      options.onSuccess?.(data, input);
    },
  });
}
