import type { ReactNode } from 'react';
import { Alert, Button, Group, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { MSG } from '@portal/domain';
import { PageTitle } from '../../../shared/ui';
import { endSession, useAuthStore } from '../../auth';
import { failureDetail, fetchCompanyDetails } from '../api';
import { catalogueKeys } from '../queryKeys';

/**
 * Who may browse: a superadmin, or a customer whose session holds user data and a company (spec §6:
 * 'User data not found. Please log in again.' / 'Company information not found. Please log in again.').
 * Otherwise nothing is requested (no catalogue call a server would refuse) and the reason is shown
 * with a way to sign in again.
 */
export function CatalogueAccessGate({ superadmin, children }: { superadmin: boolean; children: ReactNode }) {
  const user = useAuthStore((s) => s.user);
  const problem = superadmin
    ? null
    : !user
      ? MSG.session.userDataMissing
      : !user.company_id
        ? MSG.session.companyMissing
        : null;
  if (!problem) return <>{children}</>;
  return (
    <>
      <PageTitle>Catalog</PageTitle>
      <Alert color="red" title={problem} role="alert">
        <Button size="xs" variant="light" color="red" onClick={endSession}>
          Log in again
        </Button>
      </Alert>
    </>
  );
}

/**
 * The company whose prices the catalogue shows, read from the server ('Company ID is required' when it
 * knows none for the user, 'Failed to fetch company details' when the call fails, with a retry).
 */
export function CatalogueCompany() {
  const query = useQuery({
    queryKey: catalogueKeys.company,
    queryFn: ({ signal }) => fetchCompanyDetails(signal),
    staleTime: Infinity,
    retry: false,
  });
  if (query.isPending) return <Skeleton h={16} w={220} aria-hidden />;
  if (query.isError) {
    const cause = (query.error as Error & { cause?: unknown }).cause;
    const detail = cause === undefined ? null : failureDetail(cause);
    return (
      <Alert color="yellow" title={query.error.message} role="alert">
        <Group gap="sm">
          {detail && <Text fz="sm">{detail}</Text>}
          <Button size="xs" variant="light" color="yellow" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Group>
      </Alert>
    );
  }
  return (
    <Text fz="sm">
      Prices for <strong>{query.data.name}</strong>
    </Text>
  );
}
