// The operator console's calls (`/api/admin/…`, schemas in @free/protocol/api/admin). Errors are
// shown by the console itself (hideError), next to the form that caused them.

import type * as admin from '@free/protocol/api/admin';
import type { EndpointKey } from '@free/protocol/api/endpoints';
import { adminRoutes } from '@free/protocol/api/generated/admin-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type Answer,
  type ApiError,
  type CallArgs,
  type CallOptions,
  call,
  type Query,
  type Route,
} from './client';
import { callIdempotent, useIdempotentMutation } from './idempotent';
import { keys } from './keys';

export type Dashboard = z.infer<typeof admin.dashboardData>;
export type AllocationImport = z.infer<typeof admin.allocationImportData>;
export type AdminWithdrawal = z.infer<typeof admin.adminWithdrawal>;
export type AdminMachine = z.infer<typeof admin.adminMachine>;
export type AdminProduct = z.infer<typeof admin.adminProduct>;
export type Contacts = z.infer<typeof admin.contactsData>;
export type UserLookup = z.infer<typeof admin.userLookupData>;

/** Who the signed-in wallet is to the console: an operator with a role, or refused (ApiError). */
export function useAdminMe(enabled: boolean) {
  return useQuery({
    queryKey: keys.admin.me(),
    queryFn: () => call(adminRoutes.getAdminMe, { hideError: true }),
    enabled,
    retry: false,
  });
}

// The console's hooks are generic over the route, where the type checker cannot see that the options
// below are the route's own: each call spells that out once (`as unknown as CallArgs<K>`).

/** A console read; `enabled: false` while a required parameter (e.g. an address) is missing. */
export function useAdminGet<K extends EndpointKey>(
  route: Route<K>,
  query?: CallOptions<K>['query'],
  enabled = true,
) {
  return useQuery({
    queryKey: keys.admin.get(route.path, (query ?? {}) as Query),
    queryFn: () => call(route, ...([{ query, hideError: true }] as unknown as CallArgs<K>)),
    enabled,
  });
}

/**
 * A console money write whose command is idempotent by `ref`: the ref is the action's Idempotency-Key
 * (useIdempotentMutation), so a retry after an unknown outcome (timeout, network, 5xx) carries the same
 * one and the server does the work once; a new one only after a known outcome or other inputs.
 */
export function useAdminRefPost<K extends EndpointKey>(route: Route<K>) {
  return useIdempotentMutation<Omit<NonNullable<CallOptions<K>['body']>, 'ref'>, Answer<K>>({
    mutationFn: (body, key) =>
      callIdempotent(
        route,
        key,
        ...([{ body: { ...body, ref: key }, hideError: true }] as unknown as CallArgs<K>),
      ),
    invalidates: () => [keys.admin.all()],
  });
}

/** A console write; every success refreshes the console's reads. */
export function useAdminPost<K extends EndpointKey>(route: Route<K>) {
  const qc = useQueryClient();
  return useMutation<Answer<K>, ApiError, NonNullable<CallOptions<K>['body']>>({
    mutationFn: (body) => call(route, ...([{ body, hideError: true }] as unknown as CallArgs<K>)),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.admin.all() }),
  });
}
