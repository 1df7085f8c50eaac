import { ActionIcon, Card, Group, SimpleGrid, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { CompanyListItem } from '@portal/contracts';
import { formatDate, formatMultiplier } from '../format';
import { StatusBadge } from '../../../shared/kit';

export const companyPath = (id: string) => `/superadmin/companies/${id}`;
export const companyEditPath = (id: string) => `/superadmin/companies/edit/${id}`;

/** One company in the grid: multiplier, name, edit, status, created, totals. */
export function CompanyCard({ company }: { company: CompanyListItem }) {
  const navigate = useNavigate();
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      data-testid="company-card"
      style={{ cursor: 'pointer' }}
      onClick={() => void navigate(companyPath(company._id))}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            Multiplier
          </Text>
          <Text fw={700} size="lg">
            {formatMultiplier(company.discount_percentage)}
          </Text>
        </Stack>
        <Tooltip label="Edit company" withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Edit ${company.name}`}
            onClick={(e) => {
              e.stopPropagation();
              void navigate(companyEditPath(company._id));
            }}
          >
            <IconSettings size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
      <UnstyledButton
        onClick={(e) => {
          e.stopPropagation();
          void navigate(companyPath(company._id));
        }}
        mb="xs"
      >
        <Text fw={600} size="md" lineClamp={2}>
          {company.name}
        </Text>
      </UnstyledButton>
      <Group justify="space-between" mb="sm">
        <StatusBadge active={company.status} />
        <Text size="xs" c="dimmed">
          Created {formatDate(company.createdAt)}
        </Text>
      </Group>
      <SimpleGrid cols={2} spacing="xs">
        <Stack gap={0}>
          <Text fw={600}>{company.total_admins}</Text>
          <Text size="xs" c="dimmed">
            Administrators
          </Text>
        </Stack>
        <Stack gap={0}>
          <Text fw={600}>{company.total_employees}</Text>
          <Text size="xs" c="dimmed">
            Employees
          </Text>
        </Stack>
      </SimpleGrid>
    </Card>
  );
}
