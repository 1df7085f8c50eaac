import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ORG_MSG } from '@portal/domain';
import { handleGlobalApiError, isApiRequestError } from '../../../shared/api';
import { useOrgLiveRefresh } from '../../users';
import { companiesApi, companiesKeys, companyChangeKeys } from '../api';
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

/**
 * The company screens' shared start (detail and edit): the route's company, kept live, and the way
 * back to the list after a delete.
 */
export function useCompanyScreen() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data, isPending } = useCompanyDetail(id);
  useOrgLiveRefresh({ companyKeys: companyChangeKeys });
  const toList = () => void navigate('/superadmin/companies');
  return { data, isPending, company: data?.company, navigate, toList };
}
