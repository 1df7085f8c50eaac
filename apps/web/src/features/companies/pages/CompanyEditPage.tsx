import { Link } from 'react-router';
import { Anchor, Button, Center, Grid, Group, Loader, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { PageTitle } from '../../../shared/ui';
import { CompaniesBreadcrumb } from '../components/CompaniesBreadcrumb';
import { CompanyEditForm } from '../components/CompanyEditForm';
import { MultiplierHistory } from '../components/MultiplierHistory';
import { useCompanyScreen } from '../hooks/useCompanyDetail';

/** Company edit /superadmin/companies/edit/:id — the one edit screen, the multiplier history beside the form. */
export default function CompanyEditPage() {
  const { isPending, company, toList } = useCompanyScreen();

  return (
    <>
      <CompaniesBreadcrumb>
        {company && (
          <Anchor component={Link} to={`/superadmin/companies/${company._id}`}>
            {company.name}
          </Anchor>
        )}
        <Text span>Edit</Text>
      </CompaniesBreadcrumb>
      <Group justify="space-between" align="flex-start">
        <PageTitle>Edit Company</PageTitle>
        <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={toList}>
          Back
        </Button>
      </Group>
      {isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading company" />
        </Center>
      ) : company ? (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <CompanyEditForm company={company} onDeleted={toList} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <MultiplierHistory companyId={company._id} />
          </Grid.Col>
        </Grid>
      ) : null}
    </>
  );
}
