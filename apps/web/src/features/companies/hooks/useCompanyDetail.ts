import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ORG_MSG } from '@portal/domain';
import { handleGlobalApiError, isApiRequestError } from '../../../shared/api';
import { companiesApi, companiesKeys } from '../api';
import { showErrorModal } from '../../../shared/form';

/** `GET company/{id}`; a failure shows the modal 'Error' / 'Failed to load company data'. */
export function useCompanyDetail(id: string) {
  const query = useQuery({ queryKey: companiesKeys.detail(id), queryFn: () => companiesApi.detail(id) });
  const { isError, error } = query;
  useEffect(() => {
    if (!isError) return;
    if (isApiRequestError(error) && (error.status === 401 || error.status === 0)) handleGlobalApiError(error);
    else showErrorModal(ORG_MSG.failure.companyLoadTitle, ORG_MSG.failure.companyLoad, 'company-load-failed');
  }, [isError, error]);
  return query;
}
