// The operator console's calls (`/api/admin/…`, schemas in @free/protocol/api/admin). Errors are
// shown by the console itself (hideError), next to the form that caused them.
import type * as admin from '@free/protocol/api/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { type ApiError, api, type Query } from './client';
import { keys } from './keys';

export type AdminMe = z.infer<typeof admin.adminMeData>;
export type Dashboard = z.infer<typeof admin.dashboardData>;
export type AllocationImport = z.infer<typeof admin.allocationImportData>;
export type AdminWithdrawal = z.infer<typeof admin.adminWithdrawal>;
export type AdminMachine = z.infer<typeof admin.adminMachine>;
export type AdminProduct = z.infer<typeof admin.adminProduct>;
export type AdminCard = z.infer<typeof admin.adminCardsData>['list'][number];
export type AdminQuote = z.infer<typeof admin.adminQuotesData>['list'][number];
export type AdminArticleSlug = z.infer<typeof admin.adminArticleSlug>;
export type AdminArticlePreview = z.infer<typeof admin.adminArticlePreviewData>;
export type AdminBanner = z.infer<typeof admin.adminBanner>;
export type Contacts = z.infer<typeof admin.contactsData>;
export type UserLookup = z.infer<typeof admin.userLookupData>;
export type UserLedger = z.infer<typeof admin.userLedgerData>;
export type UserSession = z.infer<typeof admin.userSession>;
export type AuditPage = z.infer<typeof admin.auditData>;

/** Who the signed-in wallet is to the console: an operator with a role, or refused (ApiError). */
export function useAdminMe(enabled: boolean) {
  return useQuery({
    queryKey: keys.admin.me(),
    queryFn: () => api.get<AdminMe>('/api/admin/me', undefined, { hideError: true }),
    enabled,
    retry: false,
  });
}

/** A console read; `enabled: false` while a required parameter (e.g. an address) is missing. */
export function useAdminGet<T>(path: string, params: Query = {}, enabled = true) {
  return useQuery({
    queryKey: keys.admin.get(path, params),
    queryFn: () => api.get<T>(path, params, { hideError: true }),
    enabled,
  });
}

/** A fresh idempotency reference for one form submission (a retry of it reuses the same one). */
export function newRef(): string {
  return crypto.randomUUID();
}

/**
 * A console write. Money actions carry `ref` in the body (the server's idempotency reference) and the
 * same value as Idempotency-Key; every success refreshes the console's reads.
 */
export function useAdminPost<B, T = unknown>(path: string) {
  const qc = useQueryClient();
  return useMutation<T, ApiError, B>({
    mutationFn: (body: B) => {
      const ref = (body as { ref?: unknown }).ref;
      const headers = typeof ref === 'string' ? { 'Idempotency-Key': ref } : undefined;
      return api.post<T>(path, body, { hideError: true, headers });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.admin.all() }),
  });
}
