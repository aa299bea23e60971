// Mining machines: catalogue, one machine, buying with the balance.
import type { machine } from '@free/protocol/api/machines';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getOptional, postOnce } from './products';

export type Machine = z.infer<typeof machine>;
export const machineKeys = {
  list: () => ['public', 'machines'] as const,
  detail: (id: string) => ['public', 'machines', id] as const,
};

export function useMachines() {
  return useQuery({
    queryKey: machineKeys.list(),
    queryFn: async () => (await getOptional<{ list: Machine[] }>('/api/common/machines'))?.list ?? [],
  });
}

export function useMachine(id: string) {
  return useQuery({
    queryKey: machineKeys.detail(id),
    queryFn: () => getOptional<Machine>('/api/common/machine/detail', { id }),
    enabled: /^\d+$/.test(id),
  });
}

export const buyMachine = (id: number, key: string) =>
  postOnce<unknown>('/api/user/machine/buy', { id }, key);
