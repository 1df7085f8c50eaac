import { useQuery } from '@tanstack/react-query';
import { usersApi, usersKeys } from './api';

/** The companies of a company select (`GET company`), fetched only while `enabled`. */
export function useCompanyOptions(enabled: boolean) {
  return useQuery({ queryKey: usersKeys.companyOptions, queryFn: usersApi.companyOptions, enabled });
}
