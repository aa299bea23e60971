// System config (GET /api/common/config): loaded once, kept for the whole visit.
import type { ConfigData } from '@free/protocol/api/index';
import { useQuery } from '@tanstack/react-query';
import { call, routes } from './client';
import { keys } from './keys';

export type SystemConfig = ConfigData;

export const configQuery = {
  queryKey: keys.config(),
  queryFn: () => call(routes.getCommonConfig),
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
};

export function useConfig() {
  return useQuery(configQuery);
}
