// Mining machines: catalogue, one machine, buying with the balance.
import type { machine } from '@free/protocol/api/index';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call, routes } from './client';
import { callIdempotent, useIdempotentMutation } from './idempotent';
import { keys } from './keys';
import { listPrefix } from './list';

export type Machine = z.infer<typeof machine>;

export function useMachine(id: string) {
  return useQuery({
    queryKey: keys.public.machine(id),
    queryFn: () => call(routes.getCommonMachineDetail, { query: { id }, hideError: true }),
    enabled: /^\d+$/.test(id),
  });
}

export function useBuyMachine(onSuccess: () => void) {
  return useIdempotentMutation<number>({
    mutationFn: (id, key) => callIdempotent(routes.postUserMachineBuy, key, { body: { id } }),
    // the catalogue list's stock and each machine's page
    invalidates: () => [keys.user.all(), keys.public.machines(), listPrefix(routes.getCommonMachines)],
    onSuccess,
  });
}
