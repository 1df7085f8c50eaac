import { useMutation } from '@tanstack/react-query';
import type { CreateCompanyRequest, UpdateCompanyRequest } from '@portal/contracts';
import { companiesApi } from './api';

/* The companies' writes, each through TanStack Query's useMutation. Callers toast and refresh. */

export function useCreateCompany() {
  return useMutation({ mutationFn: (body: CreateCompanyRequest) => companiesApi.create(body) }).mutateAsync;
}

export function useUpdateCompany(id: string) {
  return useMutation({ mutationFn: (body: UpdateCompanyRequest) => companiesApi.update(id, body) }).mutateAsync;
}

export function useDeleteCompany() {
  return useMutation({ mutationFn: (id: string) => companiesApi.remove(id) }).mutateAsync;
}
