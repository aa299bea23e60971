// Mining machines: catalogue, one machine, buying with the balance.
import type { machine } from '@free/protocol/api/index';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getOptional } from './client';
import { postIdempotent, useIdempotentMutation } from './idempotent';
import { keys } from './keys';

export type Machine = z.infer<typeof machine>;

export function useMachines() {
  return useQuery({
    queryKey: keys.public.machines(),
    queryFn: async () => (await getOptional<{ list: Machine[] }>('/api/common/machines'))?.list ?? [],
  });
}

export function useMachine(id: string) {
  return useQuery({
    queryKey: keys.public.machine(id),
    queryFn: () => getOptional<Machine>('/api/common/machine/detail', { id }),
    enabled: /^\d+$/.test(id),
  });
}

export function useBuyMachine(onSuccess: () => void) {
  return useIdempotentMutation<number>({
    mutationFn: (id, key) => postIdempotent('/api/user/machine/buy', { id }, key),
    invalidates: () => [keys.user.all(), keys.public.machines()],
    onSuccess,
  });
}
