import { Link } from 'react-router';
import { ActionIcon, Button, Center, Group, Loader, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconSettings } from '@tabler/icons-react';
import { PageTitle } from '../../../shared/ui';
import { CompaniesBreadcrumb } from '../components/CompaniesBreadcrumb';
import { CompanyPricelistActions } from '../../pricelists';
import { CompanySitesPanel } from '../../programme';
import { ScheduledPriceChanges } from '../../price-changes';
import { ApprovalThreshold, YourItems } from '../../orders';
import { StatusBadge } from '../../../shared/kit';
import { CompanyMultipliers } from '../components/CompanyMultipliers';
import { CompanyUsersSection } from '../components/CompanyUsersSection';
import { MultiplierHistory } from '../components/MultiplierHistory';
import { formatDate } from '../format';
import { useCompanyScreen } from '../hooks/useCompanyDetail';

/**
 * Company detail /superadmin/companies/:id: its prices (multipliers as factors and shares of list,
 * with their history), price lists and users. Editing is one screen with its own URL
 * (/superadmin/companies/edit/:id), reached from the gear.
 */
export default function CompanyDetailPage() {
  const { data, isPending, company } = useCompanyScreen();

  return (
    <>
      <CompaniesBreadcrumb>
        <Text span>{company?.name ?? '…'}</Text>
      </CompaniesBreadcrumb>
      <PageTitle documentTitle={company?.name ?? 'Company Details'}>{company?.name ?? 'Company Details'}</PageTitle>
      {isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading company" />
        </Center>
      ) : !company ? (
        <Button variant="default" component={Link} to="/superadmin/companies" leftSection={<IconArrowLeft size={16} />}>
          Back to Companies
        </Button>
      ) : (
        <Stack gap="lg">
          <Paper withBorder radius="md" p="md">
            <Group justify="space-between" wrap="wrap">
              <Group gap="xl" wrap="wrap">
                <div>
                  <Text size="xs" c="dimmed">
                    Date Created
                  </Text>
                  <Text fw={600}>{formatDate(company.createdAt)}</Text>
                </div>
                <div>
                  <Text size="xs" c="dimmed">
                    Total Administrators
                  </Text>
                  <Text fw={600} data-testid="total-admins">
                    {data?.totalAdmins}
                  </Text>
                </div>
                <StatusBadge active={company.status} />
              </Group>
              <Tooltip label="Company settings" withArrow>
                <ActionIcon
                  component={Link}
                  to={`/superadmin/companies/edit/${company._id}`}
                  variant="default"
                  size="lg"
                  aria-label="Company settings"
                >
                  <IconSettings size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Paper>
          <CompanyMultipliers company={company} />
          <ScheduledPriceChanges companyId={company._id} />
          <MultiplierHistory companyId={company._id} />
          <CompanyPricelistActions companyId={company._id} companyName={company.name} />
          <ApprovalThreshold companyId={company._id} />
          <YourItems companyId={company._id} office />
          <CompanyUsersSection companyId={company._id} />
          <CompanySitesPanel companyId={company._id} />
        </Stack>
      )}
    </>
  );
}
