import { Link, useNavigate, useParams } from 'react-router';
import { Anchor, Breadcrumbs, Button, Center, Group, Loader, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { PageTitle } from '../../../shared/ui';
import { useOrgLiveRefresh } from '../../users';
import { companyChangeKeys } from '../api';
import { CompanyEditForm } from '../components/CompanyEditForm';
import { MultiplierHistory } from '../components/MultiplierHistory';
import { useCompanyDetail } from '../hooks/useCompanyDetail';

/** Company edit /superadmin/companies/edit/:id. */
export default function CompanyEditPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data, isPending } = useCompanyDetail(id);
  useOrgLiveRefresh({ companyKeys: companyChangeKeys });
  const company = data?.company;

  return (
    <>
      <nav aria-label="Breadcrumb">
        <Breadcrumbs mb="sm">
          <Anchor component={Link} to="/superadmin/companies">
            Companies
          </Anchor>
          {company && (
            <Anchor component={Link} to={`/superadmin/companies/${company._id}`}>
              {company.name}
            </Anchor>
          )}
          <Text span>Edit</Text>
        </Breadcrumbs>
      </nav>
      <Group justify="space-between" align="flex-start">
        <PageTitle>Edit Company</PageTitle>
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          onClick={() => void navigate('/superadmin/companies')}
        >
          Back
        </Button>
      </Group>
      {isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading company" />
        </Center>
      ) : company ? (
        <>
          <CompanyEditForm company={company} onDeleted={() => void navigate('/superadmin/companies')} />
          <MultiplierHistory companyId={company._id} />
        </>
      ) : null}
    </>
  );
}
