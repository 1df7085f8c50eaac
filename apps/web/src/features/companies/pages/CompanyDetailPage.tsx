import { useState } from 'react';
import { Link } from 'react-router';
import { ActionIcon, Button, Center, Group, Loader, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconSettings } from '@tabler/icons-react';
import { PageTitle } from '../../../shared/ui';
import { CompaniesBreadcrumb } from '../components/CompaniesBreadcrumb';
import { CompanyPricelistActions } from '../../pricelists';
import { StatusBadge } from '../../../shared/kit';
import { CompanyEditForm } from '../components/CompanyEditForm';
import { CompanyUsersSection } from '../components/CompanyUsersSection';
import { formatDate } from '../format';
import { useCompanyScreen } from '../hooks/useCompanyDetail';

/** Section state of the detail page: the users (home) or the embedded edit. */
type Section = 'home' | 'edit';

/** Company detail /superadmin/companies/:id. */
export default function CompanyDetailPage() {
  const [section, setSection] = useState<Section>('home');
  const { data, isPending, company, toList } = useCompanyScreen();

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
              {section === 'home' && (
                <Tooltip label="Company settings" withArrow>
                  <ActionIcon
                    variant="default"
                    size="lg"
                    aria-label="Company settings"
                    onClick={() => setSection('edit')}
                  >
                    <IconSettings size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          </Paper>
          {section === 'home' && <CompanyPricelistActions companyId={company._id} companyName={company.name} />}
          {section === 'home' ? (
            <CompanyUsersSection companyId={company._id} />
          ) : (
            <Stack gap="md">
              <div>
                <Button
                  variant="default"
                  leftSection={<IconArrowLeft size={16} aria-hidden />}
                  onClick={() => setSection('home')}
                >
                  Back
                </Button>
              </div>
              <CompanyEditForm company={company} onDeleted={toList} />
            </Stack>
          )}
        </Stack>
      )}
    </>
  );
}
